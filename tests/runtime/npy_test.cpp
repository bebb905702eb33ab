// .npy reading and writing: numpy-made files, round trips, C/F order, and errors.
#include "tools/dpk/npy.h"

#include <doctest/doctest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "dpk/core/file_io.h"
#include "tests/runtime/support/device_loop.h"

using namespace dpk;
using namespace dpk::runtime;
using namespace dpk::tools;

namespace {
std::string data_path(const std::string& name) {
    return std::string(DPK_TEST_DATA_DIR) + "/" + name;
}

std::string file_bytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

template <typename T>
std::vector<T> values(const NpyArray& a) {
    std::vector<T> v(a.data.size() / sizeof(T));
    std::memcpy(v.data(), a.data.data(), a.data.size());
    return v;
}
}  // namespace

TEST_CASE("reads files written by numpy, and writes them back byte for byte") {
    NpyArray c = read_npy(data_path("f32_c_2x3.npy"));
    CHECK(c.dtype == DType::F32);
    CHECK(c.shape == std::vector<std::int64_t>{2, 3});
    CHECK_FALSE(c.fortran_order);
    CHECK(values<float>(c) == std::vector<float>{0, 1, 2, 3, 4, 5});

    NpyArray f = read_npy(data_path("f64_f_3x2.npy"));
    CHECK(f.dtype == DType::F64);
    CHECK(f.shape == std::vector<std::int64_t>{3, 2});
    CHECK(f.fortran_order);
    // numpy arange(6).reshape(3, 2) * 0.5 in F order: column 0 then column 1.
    CHECK(values<double>(f) == std::vector<double>{0, 1, 2, 0.5, 1.5, 2.5});

    NpyArray i = read_npy(data_path("i32_1d.npy"));
    CHECK(i.dtype == DType::I32);
    CHECK(values<std::int32_t>(i) == std::vector<std::int32_t>{3, -1, 7, 0});
    NpyArray b = read_npy(data_path("bool_1d.npy"));
    CHECK(b.dtype == DType::Bool);
    CHECK(b.shape == std::vector<std::int64_t>{3});
    NpyArray s = read_npy(data_path("u8_scalar.npy"));
    CHECK(s.dtype == DType::U8);
    CHECK(s.shape.empty());
    CHECK(s.size() == 1);

    for (const char* name :
         {"f32_c_2x3.npy", "f64_f_3x2.npy", "i32_1d.npy", "bool_1d.npy", "u8_scalar.npy"}) {
        INFO(name);
        CHECK(encode_npy(read_npy(data_path(name))) == file_bytes(data_path(name)));
    }
}

TEST_CASE("round trip through a file for every dtype") {
    for (DType t : {DType::Bool, DType::I8, DType::I16, DType::I32, DType::I64, DType::U8,
                    DType::U16, DType::U32, DType::U64, DType::F16, DType::F32, DType::F64}) {
        INFO(dtype_name(t));
        NpyArray a;
        a.dtype = t;
        a.shape = {2, 5};
        a.fortran_order = t == DType::F64;
        a.data.resize(10 * dtype_size(t));
        for (std::size_t k = 0; k < a.data.size(); ++k) a.data[k] = static_cast<char>(k * 7);
        std::string path = std::string(DPK_TEST_TMP_DIR) + "/roundtrip.npy";
        write_npy(path, a);
        NpyArray b = read_npy(path);
        CHECK(b.dtype == a.dtype);
        CHECK(b.shape == a.shape);
        CHECK(b.fortran_order == a.fortran_order);
        CHECK(b.data == a.data);
    }
}

TEST_CASE("a bf16 array has no .npy form: numpy has no bfloat16") {
    NpyArray a;
    a.dtype = DType::BF16;
    a.shape = {2};
    a.data.resize(4);
    CHECK_THROWS_WITH_AS(
        encode_npy(a), "a bf16 array cannot be written as .npy: numpy has no such dtype", NpyError);
}

TEST_CASE("malformed and unsupported files are NpyErrors naming the file") {
    CHECK_THROWS_WITH_AS(read_npy(data_path("i16_big_endian.npy")), doctest::Contains("big-endian"),
                         NpyError);
    CHECK_THROWS_WITH_AS(read_npy(data_path("c64_1d.npy")),
                         doctest::Contains("unsupported dtype '<c8'"), NpyError);
    CHECK_THROWS_WITH_AS(read_npy(data_path("missing.npy")),
                         doctest::Contains("missing.npy': No such file or directory"), NpyError);
    std::string good = file_bytes(data_path("f32_c_2x3.npy"));
    CHECK_THROWS_WITH_AS(
        parse_npy(good.substr(0, good.size() - 4), "t.npy"),
        doctest::Contains("t.npy: 20 bytes of data, the shape (2, 3) of f32 needs exactly 24 "
                          "(truncated data)"),
        NpyError);
    CHECK_THROWS_WITH_AS(parse_npy("PK\x03\x04 not numpy", "z.npy"), doctest::Contains("bad magic"),
                         NpyError);
    CHECK_THROWS_AS(parse_npy(good.substr(0, 20), "h.npy"), NpyError);
}

namespace {
/// A version-1.0 .npy file with `dict` as its header and `data` after it.
std::string npy_with_header(const std::string& dict, const std::string& data = "", char major = 1,
                            char minor = 0) {
    std::string header = dict + "\n";
    std::string out = std::string("\x93NUMPY") + major + minor;
    out += static_cast<char>(header.size() & 0xff);
    out += static_cast<char>(header.size() >> 8);
    if (major != 1) out += std::string(2, '\0');
    return out + header + data;
}
std::string dict(const std::string& shape, const std::string& descr = "'<f4'",
                 const std::string& order = "False") {
    return "{'descr': " + descr + ", 'fortran_order': " + order + ", 'shape': " + shape + ", }";
}
}  // namespace

TEST_CASE("the .npy header is parsed strictly: every malformed part is an error naming the file") {
    // Accepted: numpy's own spellings, versions 1.0 to 3.0, the 0-d and empty shapes.
    CHECK(parse_npy(npy_with_header(dict("(2,)"), std::string(8, '\0')), "ok.npy").shape ==
          std::vector<std::int64_t>{2});
    CHECK(parse_npy(npy_with_header(dict("()"), std::string(4, '\0'), 2), "v2.npy").size() == 1);
    CHECK(parse_npy(npy_with_header(dict("(0, 5)"), "", 3), "v3.npy").size() == 0);
    CHECK(
        parse_npy(npy_with_header("{\"shape\": (1,), \"fortran_order\": True, \"descr\": \"<f4\"}",
                                  std::string(4, '\0')),
                  "any-order.npy")
            .fortran_order);

    const std::vector<std::pair<std::string, std::string>> bad{
        {npy_with_header(dict("(abc,)")), "the shape's extent 'abc' is not a non-negative integer"},
        {npy_with_header(dict("(99999999999999999999999,)")),
         "the shape's extent 99999999999999999999999 does not fit 64 bits"},
        {npy_with_header(dict("(8.5,)")), "the shape's extent '8.5' is not a non-negative integer"},
        {npy_with_header(dict("(-1,)")), "the shape's extent '-1' is not a non-negative integer"},
        {npy_with_header(dict("(3)")), "the shape (3) is not a tuple"},
        {npy_with_header(dict("[3]")), "expected '(' at byte"},
        {npy_with_header(dict("(4611686018427387904, 4)")),
         "the shape (4611686018427387904, 4) of f32 has more bytes than 64 bits can count"},
        {npy_with_header(dict("(2,)", "'<f4'", "1")), "fortran_order is not True or False"},
        {npy_with_header(dict("(2,)", "<f4")), "expected the descr as a quoted string"},
        {npy_with_header(dict("(2,)", "'<c8'")), "unsupported dtype '<c8'"},
        {npy_with_header("{'descr': '<f4', 'shape': (2,), }"), "the header has no 'fortran_order'"},
        {npy_with_header("{'descr': '<f4', 'descr': '<f4', 'fortran_order': False, 'shape': (1,)}"),
         "the key 'descr' appears twice"},
        {npy_with_header(dict("(1,)").substr(0, dict("(1,)").size() - 1) + "'x': 1}"),
         "unexpected key 'x'"},
        {npy_with_header(dict("(1,)") + " junk"), "text after the header dict"},
        {npy_with_header(dict("(1,)"), "", 4), "unsupported .npy format version 4.0"},
        {npy_with_header(dict("(1,)"), "", 1, 1), "unsupported .npy format version 1.1"},
        {npy_with_header("{'descr': '<f4\xe9', 'fortran_order': False, 'shape': (1,)}"),
         "a byte above 0x7f in a version 1.0 header"},
        {npy_with_header(dict("(2,)"), std::string(12, '\0')),
         "12 bytes of data, the shape (2,) of f32 needs exactly 8 (bytes after the data)"},
        {npy_with_header(dict("(2,)"), std::string(7, '\0')),
         "7 bytes of data, the shape (2,) of f32 needs exactly 8 (truncated data)"},
    };
    for (const auto& entry : bad) {  // no structured bindings: INFO's lambda captures them
        const std::string& bytes = entry.first;
        const std::string& message = entry.second;
        INFO(message);
        CHECK_THROWS_WITH_AS(parse_npy(bytes, "bad.npy"), doctest::Contains("bad.npy: "), NpyError);
        CHECK_THROWS_WITH_AS(parse_npy(bytes, "bad.npy"), doctest::Contains(message.c_str()),
                             NpyError);
    }
    // A header without its newline (numpy always ends it with one).
    std::string no_newline = npy_with_header(dict("(1,)"), std::string(4, '\0'));
    no_newline[10 + dict("(1,)").size()] = ' ';
    CHECK_THROWS_WITH_AS(parse_npy(no_newline, "nl.npy"),
                         doctest::Contains("it does not end with a newline"), NpyError);
}

TEST_CASE("read_npy: what is not a .npy file fails at once, naming it") {
    const std::string tmp = std::string(DPK_TEST_TMP_DIR) + "/hostile";
    std::filesystem::create_directories(tmp);
    // A shape of 2^62 elements and no data: refused before anything that size is allocated.
    {
        std::ofstream(tmp + "/huge.npy", std::ios::binary)
            << npy_with_header(dict("(4611686018427387904,)", "'|u1'"));
    }
    CHECK_THROWS_WITH_AS(read_npy(tmp + "/huge.npy"),
                         doctest::Contains("huge.npy: 0 bytes of data, the shape "
                                           "(4611686018427387904,) of u8 needs exactly "
                                           "4611686018427387904 (truncated data)"),
                         NpyError);
    CHECK_THROWS_WITH_AS(read_npy(tmp), doctest::Contains("is a directory"), NpyError);
    CHECK_THROWS_WITH_AS(read_npy("/dev/zero"), doctest::Contains("/dev/zero: not a .npy file"),
                         NpyError);
    CHECK_THROWS_WITH_AS(read_npy("/dev/null"), doctest::Contains("ends after 0 bytes"), NpyError);
    std::filesystem::remove_all(tmp);
}

TEST_CASE("write_npy: a full device is an error, a link is written through") {
    NpyArray a;
    a.dtype = DType::U8;
    a.shape = {3};
    a.data = {1, 2, 3};
    CHECK_THROWS_WITH_AS(write_npy("/dev/full", a), doctest::Contains("No space left on device"),
                         FileError);
    const std::filesystem::path dir = std::string(DPK_TEST_TMP_DIR) + "/npy-link";
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    std::filesystem::create_symlink("real.npy", dir / "link.npy");
    write_npy((dir / "link.npy").string(), a);
    CHECK(std::filesystem::is_symlink(dir / "link.npy"));
    CHECK(read_npy((dir / "real.npy").string()).data == a.data);
    std::filesystem::remove_all(dir);
}

TEST_CASE("npy <-> USM arrays keep order and values on every device") {
    for (const Device& dev : tests::devices_under_test()) {
        INFO(tests::device_label(dev));
        Queue q(dev);
        NpyArray f = read_npy(data_path("f64_f_3x2.npy"));
        UsmArray a = to_usm_array(q, f);
        CHECK(a.layout() == Layout::F);
        CHECK(a.shape() == std::vector<std::int64_t>{3, 2});
        CHECK(a.to_vector<double>() == std::vector<double>{0, 0.5, 1, 1.5, 2, 2.5});  // C order
        NpyArray back = to_npy(a);
        CHECK(back.fortran_order);
        CHECK(encode_npy(back) == encode_npy(f));
        NpyArray t = to_npy(a.transpose());  // a C-contiguous view
        CHECK_FALSE(t.fortran_order);
        CHECK(t.shape == std::vector<std::int64_t>{2, 3});
        CHECK(values<double>(t) == std::vector<double>{0, 1, 2, 0.5, 1.5, 2.5});
    }
}
