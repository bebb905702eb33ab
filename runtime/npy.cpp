#include "runtime/npy.h"

#include <array>
#include <fstream>
#include <numeric>
#include <sstream>
#include <string_view>
#include <utility>

namespace dpk::runtime {

namespace {

constexpr std::string_view kMagic = "\x93NUMPY";
constexpr std::size_t kHeaderAlignment = 64;
constexpr std::size_t kVersion1MaxHeader = 65535;

/// numpy's descr for each dtype (little-endian; one-byte types have no byte order).
constexpr std::array<std::pair<DType, std::string_view>, 12> kDescr{{
    {DType::Bool, "|b1"},
    {DType::I8, "|i1"},
    {DType::I16, "<i2"},
    {DType::I32, "<i4"},
    {DType::I64, "<i8"},
    {DType::U8, "|u1"},
    {DType::U16, "<u2"},
    {DType::U32, "<u4"},
    {DType::U64, "<u8"},
    {DType::F16, "<f2"},
    {DType::F32, "<f4"},
    {DType::F64, "<f8"},
}};

std::string_view descr_of(DType t) {
    for (const auto& [d, s] : kDescr)
        if (d == t) return s;
    return "";
}

/// Value text of `key` in the header dict (up to the next top-level comma or brace).
std::string dict_value(const std::string& header, const std::string& key, const std::string& name) {
    std::size_t k = header.find("'" + key + "'");
    if (k == std::string::npos) throw NpyError(name + ": .npy header has no '" + key + "'");
    std::size_t colon = header.find(':', k);
    if (colon == std::string::npos) throw NpyError(name + ": malformed .npy header");
    std::size_t start = colon + 1;
    while (start < header.size() && header[start] == ' ') ++start;
    std::size_t end = start;
    if (header[start] == '(') {
        end = header.find(')', start);
        if (end == std::string::npos) throw NpyError(name + ": malformed shape in .npy header");
        return header.substr(start, end - start + 1);
    }
    while (end < header.size() && header[end] != ',' && header[end] != '}') ++end;
    std::string v = header.substr(start, end - start);
    while (!v.empty() && v.back() == ' ') v.pop_back();
    return v;
}

DType parse_descr(std::string v, const std::string& name) {
    if (v.size() >= 2 && (v.front() == '\'' || v.front() == '"')) v = v.substr(1, v.size() - 2);
    char order = v.empty() ? '\0' : v.front();
    std::string body = std::string("<>|=").find(order) != std::string::npos ? v.substr(1) : v;
    bool one_byte = body.size() == 2 && body[1] == '1';
    if (order == '>' && !one_byte)
        throw NpyError(name + ": big-endian dtype '" + v +
                       "' is not supported; save it little-endian "
                       "(numpy: a.astype(a.dtype.newbyteorder('<')))");
    for (const auto& [d, s] : kDescr)
        if (s.substr(1) == body) return d;
    throw NpyError(name + ": unsupported dtype '" + v +
                   "' (supported: bool, int8-64, uint8-64, float16/32/64)");
}

std::vector<std::int64_t> parse_shape(const std::string& v, const std::string& name) {
    if (v.size() < 2 || v.front() != '(' || v.back() != ')')
        throw NpyError(name + ": malformed shape " + v);
    std::vector<std::int64_t> shape;
    std::istringstream in(v.substr(1, v.size() - 2));
    std::string part;
    while (std::getline(in, part, ',')) {
        std::size_t b = part.find_first_not_of(' ');
        if (b == std::string::npos) continue;
        std::size_t pos = 0;
        long long n = std::stoll(part.substr(b), &pos);
        if (n < 0) throw NpyError(name + ": negative extent in shape " + v);
        shape.push_back(n);
    }
    return shape;
}

}  // namespace

std::int64_t NpyArray::size() const {
    return std::accumulate(shape.begin(), shape.end(), std::int64_t{1}, std::multiplies<>());
}

NpyArray parse_npy(const std::string& bytes, const std::string& name) {
    if (bytes.size() < kMagic.size() + 4 ||
        std::string_view(bytes).substr(0, kMagic.size()) != kMagic)
        throw NpyError(name + ": not a .npy file (bad magic)");
    const auto major = static_cast<unsigned char>(bytes[6]);
    std::size_t header_len = 0;
    std::size_t prefix = 0;
    if (major == 1) {
        header_len =
            static_cast<unsigned char>(bytes[8]) | (static_cast<unsigned char>(bytes[9]) << 8);
        prefix = 10;
    } else if (major == 2 || major == 3) {
        if (bytes.size() < 12) throw NpyError(name + ": truncated .npy header");
        for (int i = 3; i >= 0; --i)
            header_len = (header_len << 8) | static_cast<unsigned char>(bytes[8 + i]);
        prefix = 12;
    } else {
        throw NpyError(name + ": unsupported .npy format version " + std::to_string(major));
    }
    if (bytes.size() < prefix + header_len) throw NpyError(name + ": truncated .npy header");
    std::string header = bytes.substr(prefix, header_len);

    NpyArray out;
    out.dtype = parse_descr(dict_value(header, "descr", name), name);
    std::string fortran = dict_value(header, "fortran_order", name);
    if (fortran != "True" && fortran != "False")
        throw NpyError(name + ": bad fortran_order " + fortran);
    out.fortran_order = fortran == "True";
    out.shape = parse_shape(dict_value(header, "shape", name), name);
    std::size_t expected = static_cast<std::size_t>(out.size()) * dtype_size(out.dtype);
    std::size_t available = bytes.size() - prefix - header_len;
    if (available < expected)
        throw NpyError(name + ": truncated data: " + std::to_string(available) +
                       " bytes, shape needs " + std::to_string(expected));
    out.data.assign(bytes.begin() + static_cast<std::ptrdiff_t>(prefix + header_len),
                    bytes.begin() + static_cast<std::ptrdiff_t>(prefix + header_len + expected));
    return out;
}

std::string encode_npy(const NpyArray& a) {
    std::string shape = "(";
    for (std::size_t i = 0; i < a.shape.size(); ++i)
        shape += (i ? ", " : "") + std::to_string(a.shape[i]);
    if (a.shape.size() == 1) shape += ",";
    shape += ")";
    std::string dict = "{'descr': '" + std::string(descr_of(a.dtype)) +
                       "', 'fortran_order': " + (a.fortran_order ? "True" : "False") +
                       ", 'shape': " + shape + ", }";
    std::size_t prefix = 10;
    std::size_t total = prefix + dict.size() + 1;
    std::size_t padded = (total + kHeaderAlignment - 1) / kHeaderAlignment * kHeaderAlignment;
    bool v2 = padded - prefix > kVersion1MaxHeader;
    if (v2) {
        prefix = 12;
        total = prefix + dict.size() + 1;
        padded = (total + kHeaderAlignment - 1) / kHeaderAlignment * kHeaderAlignment;
    }
    std::string header = dict + std::string(padded - total, ' ') + "\n";
    std::string out(kMagic);
    out += static_cast<char>(v2 ? 2 : 1);
    out += '\0';
    std::size_t len = header.size();
    for (int i = 0; i < (v2 ? 4 : 2); ++i) out += static_cast<char>((len >> (8 * i)) & 0xff);
    out += header;
    std::size_t expected = static_cast<std::size_t>(a.size()) * dtype_size(a.dtype);
    if (a.data.size() != expected)
        throw NpyError("encode_npy: " + std::to_string(a.data.size()) +
                       " data bytes, shape needs " + std::to_string(expected));
    out.append(a.data.data(), a.data.size());
    return out;
}

NpyArray read_npy(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw NpyError(path + ": cannot open for reading");
    std::ostringstream s;
    s << in.rdbuf();
    return parse_npy(s.str(), path);
}

void write_npy(const std::string& path, const NpyArray& array) {
    std::string bytes = encode_npy(array);
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (!out) throw NpyError(path + ": cannot open for writing");
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    if (!out) throw NpyError(path + ": write failed");
}

UsmArray to_usm_array(const Queue& queue, const NpyArray& npy, UsmType usm_type) {
    Layout order = npy.fortran_order ? Layout::F : Layout::C;
    return UsmArray::from_host(queue, npy.dtype, npy.shape, npy.data.data(), npy.data.size(),
                               usm_type, order);
}

NpyArray to_npy(const UsmArray& array) {
    NpyArray out;
    out.dtype = array.dtype();
    out.shape = array.shape();
    out.fortran_order = array.is_f_contiguous() && !array.is_c_contiguous();
    out.data.resize(array.nbytes());
    array.copy_to_host(out.data.data(), out.data.size(), out.fortran_order ? Layout::F : Layout::C);
    return out;
}

}  // namespace dpk::runtime
