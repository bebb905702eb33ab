// .npy reading and writing: numpy-made files, round trips, C/F order, and errors.
#include "runtime/npy.h"

#include <doctest/doctest.h>

#include <cstring>
#include <fstream>
#include <sstream>

#include "tests/runtime/support/device_loop.h"

using namespace dpk;
using namespace dpk::runtime;

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

TEST_CASE("malformed and unsupported files are NpyErrors naming the file") {
    CHECK_THROWS_WITH_AS(read_npy(data_path("i16_big_endian.npy")), doctest::Contains("big-endian"),
                         NpyError);
    CHECK_THROWS_WITH_AS(read_npy(data_path("c64_1d.npy")),
                         doctest::Contains("unsupported dtype '<c8'"), NpyError);
    CHECK_THROWS_WITH_AS(read_npy(data_path("missing.npy")), doctest::Contains("cannot open"),
                         NpyError);
    std::string good = file_bytes(data_path("f32_c_2x3.npy"));
    CHECK_THROWS_WITH_AS(parse_npy(good.substr(0, good.size() - 4), "t.npy"),
                         doctest::Contains("t.npy: truncated data"), NpyError);
    CHECK_THROWS_WITH_AS(parse_npy("PK\x03\x04 not numpy", "z.npy"), doctest::Contains("bad magic"),
                         NpyError);
    CHECK_THROWS_AS(parse_npy(good.substr(0, 20), "h.npy"), NpyError);
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
