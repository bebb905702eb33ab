#include "dpk/core/driver_defects.h"

namespace dpk {

namespace {

struct DefectFacts {
    std::string_view name;
    std::string_view description;
};

/// Indexed by DriverDefect.
constexpr DefectFacts kFacts[] = {
    {"varying_loop_exit",
     "PoCL: a value left by a loop whose trip count differs between work-items, read after a "
     "barrier, is the last work-item's for the whole group"},
    {"negation_across_barrier",
     "Intel OpenCL CPU: a float negation of a value live across a barrier, folded into "
     "fabs/fmin/fmax, is the last work-item's for the whole group"},
    {"not_of_global_id",
     "Intel OpenCL CPU: ~global_id + local_id is computed from the group's first id"},
    {"not_of_min_max", "Intel OpenCL CPU: ~max(a, b) of 64-bit integers gives max(a, b)"},
    {"reassociated_loops",
     "Intel OpenCL CPU: in a kernel with a barrier, a float a loop accumulates is computed with "
     "its operations regrouped"},
    {"zero_quotient",
     "Intel OpenCL CPU: zero divided by an integer converted to float is taken as zero where "
     "the divisor is zero too (0 / 0 is NaN)"},
    {"lost_strided_stores",
     "Intel OpenCL CPU: in a kernel that reads at a wrapping index of the global id, a store "
     "with a stride of 3 or more after a barrier is lost or stores another work-item's value"},
    {"uniform_private_fill",
     "Intel OpenCL CPU: a private array filled with one value by its only store, read at an "
     "index that differs between work-items, reads garbage"},
    {"sign_of_negation",
     "Intel OpenCL CPU: (0 - x) >> (width - 1) is 0 for x = MIN (the negation taken as one that "
     "cannot wrap)"},
    {"paired_gather_index",
     "Intel OpenCL CPU without AVX-512: a load at a narrow index the same in every work-item, "
     "from a loaded value through min/max and a mask, faults (a gather of two lanes' index)"},
    {"remainder_of_nan",
     "Intel OpenCL CPU: a float remainder of a NaN the driver takes for a finite number (an "
     "integer converted to float, remainder by zero) is a finite number"},
    {"copy_under_branch",
     "PoCL: a work-group copy under a branch, in a kernel with a loop with barriers, copies "
     "without end (the kernel faults)"},
    {"half_library",
     "PoCL (SPIR 1.2 translation): the kernel library has no f16 functions (sqrt, exp, fmin, "
     "...): a kernel calling one does not build"},
};
static_assert(std::size(kFacts) == kDriverDefects.size());

const DefectFacts& facts(DriverDefect d) {
    return kFacts[static_cast<std::size_t>(d)];
}

}  // namespace

std::string_view defect_name(DriverDefect d) {
    return facts(d).name;
}

std::optional<DriverDefect> defect_named(std::string_view name) {
    return enum_named(kDriverDefects, defect_name, name);
}

std::string_view defect_description(DriverDefect d) {
    return facts(d).description;
}

}  // namespace dpk
