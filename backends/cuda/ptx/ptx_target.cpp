#include "backends/cuda/ptx/ptx_target.h"

#include <algorithm>
#include <utility>

namespace dpk::backends::cuda {

namespace {

/// The first CUDA release of each PTX ISA version, newest first (PTX ISA "Release History").
constexpr std::pair<int, PtxIsa> kDriverPtx[] = {
    {13010, 91}, {13000, 90}, {12090, 88}, {12080, 87}, {12070, 86}, {12050, 85},
    {12040, 84}, {12030, 83}, {12020, 82}, {12010, 81}, {12000, 80}, {11080, 78},
    {11070, 77}, {11060, 76}, {11050, 75}, {11040, 74}, {11030, 73}, {11020, 72},
    {11010, 71}, {11000, 70}, {10020, 65}, {10010, 64}, {10000, 63},
};

/// The first PTX ISA version that names each target (PTX ISA "Target ISA notes").
constexpr std::pair<std::uint32_t, PtxIsa> kSmPtx[] = {
    {50, 40},  {52, 41},  {53, 42},  {60, 50},  {61, 50},  {62, 50},  {70, 60},
    {72, 61},  {75, 63},  {80, 70},  {86, 71},  {87, 74},  {89, 78},  {90, 78},
    {100, 86}, {101, 86}, {103, 88}, {110, 90}, {120, 87}, {121, 88},
};

}  // namespace

PtxIsa driver_max_ptx_isa(int driver_version) {
    for (const auto& [first, ptx] : kDriverPtx)
        if (driver_version >= first) return ptx;
    return 0;
}

PtxIsa min_ptx_isa_for_sm(std::uint32_t sm) {
    for (const auto& [s, ptx] : kSmPtx)
        if (s == sm) return ptx;
    return 0;
}

PtxTarget ptx_target_for(std::uint32_t sm, PtxIsa driver_max) {
    PtxIsa min_sm = min_ptx_isa_for_sm(sm);
    PtxIsa want = min_sm ? std::max(kPreferredPtxIsa, min_sm) : driver_max;
    if (driver_max) want = std::min(want, driver_max);
    if (want == 0) want = kPreferredPtxIsa;
    PtxTarget t;
    t.sm = sm;
    t.ptx_major = want / 10;
    t.ptx_minor = want % 10;
    return t;
}

std::string ptx_isa_name(PtxIsa v) {
    return std::to_string(v / 10) + "." + std::to_string(v % 10);
}

std::string cuda_version_name(int driver_version) {
    return std::to_string(driver_version / 1000) + "." + std::to_string(driver_version % 1000 / 10);
}

}  // namespace dpk::backends::cuda
