#include "tools/dpk/npy.h"

#include <array>
#include <charconv>
#include <string_view>
#include <utility>

#include "core/checked_math.h"
#include "dpk/core/file_io.h"

namespace dpk::tools {

namespace {

constexpr std::string_view kMagic = "\x93NUMPY";
constexpr std::size_t kHeaderAlignment = 64;
constexpr std::size_t kVersion1MaxHeader = 65535;

/// numpy's descr for each dtype (little-endian; one-byte types have no byte order).
/// numpy's dtypes; bf16 has none.
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

/// Longest header read: numpy itself refuses headers over 10000 bytes by default.
constexpr std::size_t kMaxHeader = 1 << 20;

/// The header dict, as numpy writes it and ast.literal_eval reads it: exactly the keys 'descr'
/// (a string), 'fortran_order' (True or False) and 'shape' (a tuple of non-negative integers).
class HeaderParser {
public:
    HeaderParser(std::string_view text, const std::string& name) : text_(text), name_(name) {}

    NpyArray parse() {
        NpyArray out;
        bool seen_descr = false, seen_order = false, seen_shape = false;
        expect('{');
        while (!peek('}')) {
            const std::string key = string_literal("a dict key");
            expect(':');
            auto once = [&](bool& seen) {
                if (seen) fail("the key '" + key + "' appears twice");
                seen = true;
            };
            if (key == "descr") {
                once(seen_descr);
                out.dtype = parse_descr(string_literal("the descr"));
            } else if (key == "fortran_order") {
                once(seen_order);
                out.fortran_order = boolean();
            } else if (key == "shape") {
                once(seen_shape);
                out.shape = shape();
            } else {
                fail("unexpected key '" + key +
                     "' (a .npy header has descr, fortran_order, shape)");
            }
            if (!peek('}')) expect(',');
        }
        expect('}');
        skip_space();
        if (pos_ != text_.size()) fail("text after the header dict");
        if (!seen_descr || !seen_order || !seen_shape)
            fail(std::string("the header has no '") +
                 (!seen_descr   ? "descr"
                  : !seen_order ? "fortran_order"
                                : "shape") +
                 "'");
        return out;
    }

private:
    [[noreturn]] void fail(const std::string& why) const {
        throw NpyError(name_ + ": malformed .npy header: " + why);
    }
    void skip_space() {
        while (pos_ < text_.size() && (text_[pos_] == ' ' || text_[pos_] == '\n' ||
                                       text_[pos_] == '\t' || text_[pos_] == '\r'))
            ++pos_;
    }
    bool peek(char c) {
        skip_space();
        return pos_ < text_.size() && text_[pos_] == c;
    }
    void expect(char c) {
        if (!peek(c))
            fail(std::string("expected '") + c + "' at byte " + std::to_string(pos_) +
                 (pos_ < text_.size() ? std::string(", found '") + text_[pos_] + "'"
                                      : std::string(", found the end")));
        ++pos_;
    }
    std::string string_literal(const char* what) {
        skip_space();
        if (pos_ >= text_.size() || (text_[pos_] != '\'' && text_[pos_] != '"'))
            fail(std::string("expected ") + what + " as a quoted string");
        const char quote = text_[pos_++];
        std::size_t end = text_.find(quote, pos_);
        if (end == std::string_view::npos) fail("unterminated string");
        std::string_view v = text_.substr(pos_, end - pos_);
        if (v.find('\\') != std::string_view::npos) fail("escapes in a string");
        pos_ = end + 1;
        return std::string(v);
    }
    bool boolean() {
        skip_space();
        for (auto [word, value] : {std::pair{"True", true}, std::pair{"False", false}}) {
            std::string_view w(word);
            if (text_.substr(pos_, w.size()) == w) {
                pos_ += w.size();
                return value;
            }
        }
        fail("fortran_order is not True or False");
    }
    std::vector<std::int64_t> shape() {
        expect('(');
        std::vector<std::int64_t> out;
        bool trailing_comma = false;
        while (!peek(')')) {
            out.push_back(extent());
            trailing_comma = peek(',');
            if (trailing_comma)
                ++pos_;
            else if (!peek(')'))
                fail("expected ',' or ')' in the shape");
        }
        ++pos_;
        // (3) is the integer 3 in Python, not a tuple: numpy writes (3,).
        if (out.size() == 1 && !trailing_comma)
            fail("the shape (" + std::to_string(out[0]) +
                 ") is not a tuple; a 1-d shape is written (" + std::to_string(out[0]) + ",)");
        return out;
    }
    std::int64_t extent() {
        skip_space();
        std::size_t end = text_.find_first_of(",) \t\r\n", pos_);
        if (end == std::string_view::npos) end = text_.size();
        std::string_view word = text_.substr(pos_, end - pos_);
        std::int64_t v = 0;
        auto [ptr, ec] = std::from_chars(word.data(), word.data() + word.size(), v);
        if (word.empty() || word.find_first_not_of("0123456789") != std::string_view::npos)
            fail("the shape's extent '" + std::string(word) + "' is not a non-negative integer");
        if (ec == std::errc::result_out_of_range)
            fail("the shape's extent " + std::string(word) + " does not fit 64 bits");
        pos_ = end;
        return v;
    }
    DType parse_descr(const std::string& v) {
        char order = v.empty() ? '\0' : v.front();
        std::string body =
            std::string("<>|=").find(order) != std::string::npos && !v.empty() ? v.substr(1) : v;
        bool one_byte = body.size() == 2 && body[1] == '1';
        if (order == '>' && !one_byte)
            throw NpyError(name_ + ": big-endian dtype '" + v +
                           "' is not supported; save it little-endian "
                           "(numpy: a.astype(a.dtype.newbyteorder('<')))");
        for (const auto& [d, s] : kDescr)
            if (s.substr(1) == body) return d;
        throw NpyError(name_ + ": unsupported dtype '" + v +
                       "' (supported: bool, int8-64, uint8-64, float16/32/64)");
    }

    std::string_view text_;
    const std::string& name_;
    std::size_t pos_ = 0;
};

/// The fixed part before the header: magic, version, header length. Returns the prefix size and
/// sets `header_len`; `start` holds at least the first 12 bytes of the file (or all of it).
std::size_t parse_prefix(std::string_view start, std::size_t& header_len, int& major,
                         const std::string& name) {
    if (start.size() < 10 || start.substr(0, kMagic.size()) != kMagic)
        throw NpyError(name + ": not a .npy file (bad magic)");
    major = static_cast<unsigned char>(start[6]);
    const int minor = static_cast<unsigned char>(start[7]);
    if (major < 1 || major > 3 || minor != 0)
        throw NpyError(name + ": unsupported .npy format version " + std::to_string(major) + "." +
                       std::to_string(minor) + " (dpk reads 1.0, 2.0 and 3.0)");
    const std::size_t prefix = major == 1 ? 10 : 12;
    if (start.size() < prefix) throw NpyError(name + ": truncated .npy header");
    header_len = 0;
    for (std::size_t i = prefix - 1; i >= 8; --i)
        header_len = (header_len << 8) | static_cast<unsigned char>(start[i]);
    if (header_len > kMaxHeader)
        throw NpyError(name + ": a .npy header of " + std::to_string(header_len) +
                       " bytes (more than " + std::to_string(kMaxHeader) + ")");
    return prefix;
}

/// The array described by `header` (no data yet), checked.
NpyArray parse_header(std::string_view header, int major, const std::string& name) {
    if (header.empty() || header.back() != '\n')
        throw NpyError(name + ": malformed .npy header: it does not end with a newline");
    if (major < 3)  // 1.0 and 2.0 headers are ASCII (latin-1); 3.0 allows UTF-8
        for (char c : header)
            if (static_cast<unsigned char>(c) >= 0x80)
                throw NpyError(name + ": malformed .npy header: a byte above 0x7f in a version " +
                               std::to_string(major) + ".0 header");
    return HeaderParser(header, name).parse();
}

/// Bytes of the array's data, checked against overflow.
std::uint64_t data_bytes(const NpyArray& a, const std::string& name) {
    std::optional<std::int64_t> count = checked_product(a.shape);
    std::optional<std::int64_t> bytes =
        count ? checked_bytes(*count, dtype_size(a.dtype)) : std::nullopt;
    if (!bytes)
        throw NpyError(name + ": the shape " + extents_string(a.shape) + " of " +
                       std::string(dtype_name(a.dtype)) + " has more bytes than 64 bits can count");
    return static_cast<std::uint64_t>(*bytes);
}

[[noreturn]] void wrong_data_length(std::uint64_t have, std::uint64_t need, const NpyArray& a,
                                    const std::string& name) {
    throw NpyError(name + ": " + std::to_string(have) + " bytes of data, the shape " +
                   extents_string(a.shape) + " of " + std::string(dtype_name(a.dtype)) +
                   " needs exactly " + std::to_string(need) +
                   (have < need ? " (truncated data)" : " (bytes after the data)"));
}

}  // namespace

std::int64_t NpyArray::size() const {
    std::optional<std::int64_t> n = checked_product(shape);
    if (!n)
        throw NpyError("the shape " + extents_string(shape) +
                       " has more elements than 64 bits can count");
    return *n;
}

NpyArray parse_npy(const std::string& bytes, const std::string& name) {
    std::size_t header_len = 0;
    int major = 0;
    const std::size_t prefix = parse_prefix(bytes, header_len, major, name);
    if (bytes.size() - prefix < header_len) throw NpyError(name + ": truncated .npy header");
    NpyArray out = parse_header(std::string_view(bytes).substr(prefix, header_len), major, name);
    const std::uint64_t expected = data_bytes(out, name);
    const std::uint64_t available = bytes.size() - prefix - header_len;
    if (available != expected) wrong_data_length(available, expected, out, name);
    out.data.assign(bytes.begin() + static_cast<std::ptrdiff_t>(prefix + header_len), bytes.end());
    return out;
}

std::string encode_npy(const NpyArray& a) {
    if (descr_of(a.dtype).empty())  // bf16
        throw NpyError("a " + std::string(dtype_name(a.dtype)) +
                       " array cannot be written as .npy: numpy has no such dtype");
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
    const std::uint64_t expected = data_bytes(a, "encode_npy");
    if (a.data.size() != expected)
        throw NpyError("encode_npy: " + std::to_string(a.data.size()) +
                       " data bytes, shape needs " + std::to_string(expected));
    out.append(a.data.data(), a.data.size());
    return out;
}

NpyArray read_npy(const std::string& path) {
    try {
        // Read as the header says: a file whose header promises more than it holds fails before
        // anything that size is allocated, and a stream (/dev/zero) is read no further.
        InputFile in(path);
        std::string start = in.read_exact(10);
        std::size_t header_len = 0;
        int major = 0;
        if (start.substr(0, kMagic.size()) == kMagic && start[6] != 1) start += in.read_exact(2);
        const std::size_t prefix = parse_prefix(start, header_len, major, path);
        if (in.size() && *in.size() - prefix < header_len)
            throw NpyError(path + ": truncated .npy header");
        NpyArray out = parse_header(in.read_exact(header_len), major, path);
        const std::uint64_t expected = data_bytes(out, path);
        if (in.size()) {
            const std::uint64_t available = *in.size() - prefix - header_len;
            if (available != expected) wrong_data_length(available, expected, out, path);
        }
        std::string data = in.read_exact(expected);
        if (!in.at_end()) wrong_data_length(expected + 1, expected, out, path);
        out.data.assign(data.begin(), data.end());
        return out;
    } catch (const FileError& e) {
        throw NpyError(e.what());
    }
}

void write_npy(const std::string& path, const NpyArray& array) {
    write_output_file(path, encode_npy(array));
}

runtime::UsmArray to_usm_array(const runtime::Queue& queue, const NpyArray& npy, UsmType usm_type) {
    Layout order = npy.fortran_order ? Layout::F : Layout::C;
    return runtime::UsmArray::from_host(queue, npy.dtype, npy.shape, npy.data.data(),
                                        npy.data.size(), usm_type, order);
}

NpyArray to_npy(const runtime::UsmArray& array) {
    NpyArray out;
    out.dtype = array.dtype();
    out.shape = array.shape();
    out.fortran_order = array.is_f_contiguous() && !array.is_c_contiguous();
    out.data.resize(array.nbytes());
    array.copy_to_host(out.data.data(), out.data.size(), out.fortran_order ? Layout::F : Layout::C);
    return out;
}

}  // namespace dpk::tools
