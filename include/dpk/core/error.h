// Runtime errors: every exception the runtime and backends throw derives from dpk::error.
#pragma once

#include <stdexcept>
#include <string>

namespace dpk {

/// Base of every dpk runtime exception; catch this to handle any dpk failure.
class error : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// Launch arguments do not match the signature a kernel was specialized for.
class SignatureMismatchError : public error {
public:
    using error::error;
};

/// The device lacks something the request needs (a usm_type, SPIR-V ingestion, fp64, ...).
class UnsupportedDeviceFeatureError : public error {
public:
    using error::error;
};

/// A global or local range that the device, the kernel or the arguments cannot run.
class InvalidRangeError : public error {
public:
    using error::error;
};

/// A malformed launch argument list (count, kind) or a bad value given to a runtime call.
class InvalidArgumentError : public error {
public:
    using error::error;
};

/// A USM misuse: size mismatch in a copy, host access to device memory, bad view bounds.
class UsmError : public error {
public:
    using error::error;
};

/// No device matches a filter string, or there is no usable device at all.
class DeviceNotFoundError : public error {
public:
    using error::error;
};

/// A bounds-checked launch indexed an array outside its shape: names the kernel, the array, the
/// index, the shape and the work-item of the first such access.
class BoundsError : public error {
public:
    using error::error;
};

/// A launch's `assert(cond, message)` found `cond` false: names the kernel, where the assert is,
/// its condition, its message and the work-item (the first failure of the launch).
class AssertionError : public error {
public:
    using error::error;
};

/// A backend API call failed; carries the call, the numeric code and its name (CL_INVALID_VALUE).
class BackendError : public error {
public:
    BackendError(std::string call, int code, std::string code_name, const std::string& context)
        : error(call + " failed with " + code_name + " (" + std::to_string(code) + ")" +
                (context.empty() ? std::string() : ": " + context)),
          call_(std::move(call)),
          code_(code),
          code_name_(std::move(code_name)) {}
    /// The API function that failed ("clEnqueueNDRangeKernel").
    const std::string& call() const { return call_; }
    /// The backend's numeric error code.
    int code() const { return code_; }
    /// The code's symbolic name ("CL_INVALID_WORK_GROUP_SIZE").
    const std::string& code_name() const { return code_name_; }

private:
    std::string call_;
    int code_;
    std::string code_name_;
};

/// A driver (or the SPIR-V validator/translator before it) rejected a program; carries the log.
class BuildError : public error {
public:
    BuildError(const std::string& message, std::string log)
        : error(log.empty() ? message : message + "\n--- build log ---\n" + log),
          log_(std::move(log)) {}
    /// The driver's build log (or validator/translator message), possibly empty.
    const std::string& build_log() const { return log_; }

private:
    std::string log_;
};

/// A file dpk reads (disk-cache entry, AOT bundle) is truncated, corrupted, of another format
/// version or otherwise not what it claims to be.
class FormatError : public error {
public:
    using error::error;
};

}  // namespace dpk
