// Error-message helpers of the launch tests: the message of the exception a call must throw.
#pragma once

#include <doctest/doctest.h>

#include <exception>
#include <string>

namespace dpk::tests {

/// Runs f, requires it to throw E, and returns the message.
template <typename E, typename F>
std::string message_of(F&& f) {
    try {
        f();
    } catch (const E& e) {
        return e.what();
    } catch (const std::exception& e) {
        FAIL("wrong exception type: " << e.what());
        return {};
    }
    FAIL("no exception thrown");
    return {};
}

inline bool contains(const std::string& s, const std::string& part) {
    return s.find(part) != std::string::npos;
}

}  // namespace dpk::tests
