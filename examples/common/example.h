// What every example host program shares: its .dpk folder, and the numeric check it ends with.
#pragma once

#include <dpk/dpk.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace example {

/// A .dpk file of this example (DPK_EXAMPLE_DIR is the example's source folder).
inline std::string path(const char* file) {
    return std::string(DPK_EXAMPLE_DIR) + "/" + file;
}

/// The largest |got - want| / max(1, |want|); infinity where one of them is NaN.
template <typename T, typename U>
double max_error(const std::vector<T>& got, const std::vector<U>& want) {
    double worst = got.size() == want.size() ? 0.0 : INFINITY;
    for (std::size_t i = 0; i < std::min(got.size(), want.size()); ++i) {
        const double w = static_cast<double>(want[i]);
        const double error = std::abs(static_cast<double>(got[i]) - w) / std::max(1.0, std::abs(w));
        if (std::isnan(error)) return INFINITY;  // a NaN where a number is wanted, or the reverse
        worst = std::max(worst, error);
    }
    return worst;
}

/// Prints `what` and the device, then exits with status 1 unless `ok`.
inline void check(bool ok, const std::string& what, const dpk::Device& device) {
    std::printf("%s: %s on %s\n", ok ? "OK" : "FAILED", what.c_str(),
                device.filter_string().c_str());
    if (!ok) std::exit(1);
}

/// Runs an example's body on the default device ($DPK_DEVICE picks another); a dpk::error is
/// printed and gives exit status 1.
template <typename Body>
int run(Body&& body) {
    try {
        body(dpk::default_device());
        return 0;
    } catch (const dpk::error& e) {
        std::fprintf(stderr, "error: %s\n", e.what());
        return 1;
    }
}

}  // namespace example
