#include "dpk/core/dtype.h"

#include <array>
#include <utility>

namespace dpk {

namespace {
struct DTypeInfo {
    DType type;
    std::string_view name;
    std::size_t size;
};
constexpr std::array<DTypeInfo, 13> kInfo{{
    {DType::Bool, "bool", 1},
    {DType::I8, "i8", 1},
    {DType::I16, "i16", 2},
    {DType::I32, "i32", 4},
    {DType::I64, "i64", 8},
    {DType::U8, "u8", 1},
    {DType::U16, "u16", 2},
    {DType::U32, "u32", 4},
    {DType::U64, "u64", 8},
    {DType::F16, "f16", 2},
    {DType::F32, "f32", 4},
    {DType::F64, "f64", 8},
    {DType::BF16, "bf16", 2},
}};
constexpr std::array<std::pair<std::string_view, DType>, 13> kAliases{{
    {"boolean", DType::Bool},
    {"int8", DType::I8},
    {"int16", DType::I16},
    {"int32", DType::I32},
    {"int64", DType::I64},
    {"uint8", DType::U8},
    {"uint16", DType::U16},
    {"uint32", DType::U32},
    {"uint64", DType::U64},
    {"float16", DType::F16},
    {"float32", DType::F32},
    {"float64", DType::F64},
    {"bfloat16", DType::BF16},  // torch's name
}};
}  // namespace

std::string_view dtype_name(DType t) {
    return kInfo[static_cast<std::size_t>(t)].name;
}

std::optional<DType> parse_dtype(std::string_view name) {
    for (const auto& info : kInfo)
        if (info.name == name) return info.type;
    for (const auto& [alias, type] : kAliases)
        if (alias == name) return type;
    return std::nullopt;
}

std::size_t dtype_size(DType t) {
    return kInfo[static_cast<std::size_t>(t)].size;
}

bool is_float(DType t) {
    return t == DType::F16 || t == DType::F32 || t == DType::F64 || t == DType::BF16;
}

bool is_integer(DType t) {
    return t != DType::Bool && !is_float(t);
}

bool is_signed(DType t) {
    return t == DType::I8 || t == DType::I16 || t == DType::I32 || t == DType::I64;
}

int dtype_bits(DType t) {
    return static_cast<int>(dtype_size(t)) * 8;
}

}  // namespace dpk
