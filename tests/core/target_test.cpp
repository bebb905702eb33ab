// dpk::Target: the value a kernel image is compiled for, parsed from and named as a --target spec.
#include "dpk/core/target.h"

#include <doctest/doctest.h>

#include <string>

using dpk::DeviceFeature;
using dpk::DriverDefect;
using dpk::DriverDefects;
using dpk::Target;

TEST_CASE("a target's name is a spec that parses back to it") {
    const Target plain = Target::opencl();
    CHECK(plain.api() == Target::Api::OpenCL);
    CHECK(plain.has(DeviceFeature::Fp64));
    CHECK(!plain.has(DeviceFeature::Fp16));
    CHECK(plain.workarounds() == DriverDefects::all());  // runs right on any OpenCL driver
    CHECK(plain.name().starts_with("opencl+fp64-fp16+int64_atomics-sub_groups"));
    CHECK(plain.name().find("/avoids=") == std::string::npos);

    std::string error;
    const auto t =
        Target::parse("opencl+fp16-fp64/avoids=varying_loop_exit+reassociated_loops", &error);
    REQUIRE(t.has_value());
    CHECK(error.empty());
    CHECK(t->has(DeviceFeature::Fp16));
    CHECK(!t->has(DeviceFeature::Fp64));
    CHECK(t->avoids(DriverDefect::VaryingLoopExit));
    CHECK(t->avoids(DriverDefect::ReassociatedLoops));
    CHECK(!t->avoids(DriverDefect::NotOfMinMax));
    CHECK(t->name().ends_with("/avoids=varying_loop_exit+reassociated_loops"));
    for (const Target& x : {plain, *t, Target::level_zero(), t->with_workarounds({})}) {
        INFO(x.name());
        const auto again = Target::parse(x.name());
        REQUIRE(again.has_value());
        CHECK(again->name() == x.name());
    }
    CHECK(Target::level_zero().workarounds().empty());
    CHECK(t->with_workarounds({}).name().ends_with("/avoids=none"));
}

TEST_CASE("a malformed spec says what is wrong") {
    std::string error;
    CHECK(!Target::parse("cuda", &error));
    CHECK(error.find("unknown target 'cuda': expected opencl or level-zero") != std::string::npos);
    CHECK(!Target::parse("opencl+fp128", &error));
    CHECK(error.find("unknown target feature 'fp128'") != std::string::npos);
    CHECK(!Target::parse("opencl/avoids=everything", &error));
    CHECK(error.find("unknown driver defect 'everything'") != std::string::npos);
    CHECK(!Target::parse("opencl/variants=fast", &error));
    CHECK(error.find("bad variant 'fast'") != std::string::npos);
}

TEST_CASE("a device's target keeps the device for messages, not in its name") {
    const Target t = Target::opencl().for_device("opencl:cpu:0 (CPU, PoCL)");
    CHECK(t.device() == "opencl:cpu:0 (CPU, PoCL)");
    CHECK(t.name() == Target::opencl().name());
}
