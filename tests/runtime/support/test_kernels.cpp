#include "tests/runtime/support/test_kernels.h"

#include <spirv-tools/libspirv.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace dpk::tests {

std::vector<std::uint32_t> assemble_kernel(const std::string& name) {
    std::string path = std::string(DPK_TEST_KERNELS_DIR) + "/" + name + ".spvasm";
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot open " + path);
    std::stringstream text;
    text << in.rdbuf();
    std::string source = text.str();
    spv_context context = spvContextCreate(SPV_ENV_OPENCL_1_2);
    spv_binary binary = nullptr;
    spv_diagnostic diagnostic = nullptr;
    spv_result_t r = spvTextToBinary(context, source.data(), source.size(), &binary, &diagnostic);
    std::string error = diagnostic && diagnostic->error ? diagnostic->error : "";
    std::vector<std::uint32_t> words;
    if (r == SPV_SUCCESS) words.assign(binary->code, binary->code + binary->wordCount);
    spvBinaryDestroy(binary);
    spvDiagnosticDestroy(diagnostic);
    spvContextDestroy(context);
    if (r != SPV_SUCCESS) throw std::runtime_error(path + ": " + error);
    return words;
}

namespace {
using K = AbiArg::Kind;

AbiArg arg(K kind, std::uint32_t param, DType dtype, std::uint32_t dim = 0) {
    AbiArg a;
    a.kind = kind;
    a.param = param;
    a.dtype = dtype;
    a.dim = dim;
    return a;
}

KernelImage image(const std::string& name, std::vector<ParamType> params, std::vector<AbiArg> args,
                  std::vector<std::string> names, std::uint32_t dims) {
    KernelImage k;
    k.kernel_name = name;
    k.signature = Signature(std::move(params));
    k.abi.args = std::move(args);
    k.abi.work_dims_used = dims;
    k.spirv = assemble_kernel(name);
    k.param_names = std::move(names);
    return k;
}
}  // namespace

KernelImage vecadd_image(UsmType usm) {
    auto f32 = ParamType::array(DType::F32, 1, Layout::C, usm);
    return image("vecadd", {f32, f32, f32},
                 {arg(K::GlobalPointer, 0, DType::F32), arg(K::Shape, 0, DType::I64),
                  arg(K::GlobalPointer, 1, DType::F32), arg(K::Shape, 1, DType::I64),
                  arg(K::GlobalPointer, 2, DType::F32), arg(K::Shape, 2, DType::I64)},
                 {"a", "b", "c"}, 1);
}

KernelImage saxpy_image() {
    auto f32 = ParamType::array(DType::F32, 1, Layout::C);
    return image("saxpy", {ParamType::scalar(DType::F32), f32, f32},
                 {arg(K::Scalar, 0, DType::F32), arg(K::GlobalPointer, 1, DType::F32),
                  arg(K::Shape, 1, DType::I64), arg(K::GlobalPointer, 2, DType::F32),
                  arg(K::Shape, 2, DType::I64)},
                 {"alpha", "x", "y"}, 1);
}

KernelImage block_sum_image() {
    auto f32 = ParamType::array(DType::F32, 1, Layout::C);
    return image("block_sum", {f32, f32, ParamType::local_array(DType::F32)},
                 {arg(K::GlobalPointer, 0, DType::F32), arg(K::Shape, 0, DType::I64),
                  arg(K::GlobalPointer, 1, DType::F32), arg(K::Shape, 1, DType::I64),
                  arg(K::LocalPointer, 2, DType::F32), arg(K::LocalLength, 2, DType::I64)},
                 {"x", "out", "scratch"}, 1);
}

KernelImage histogram_image() {
    auto i32 = ParamType::array(DType::I32, 1, Layout::C);
    return image("histogram", {i32, i32},
                 {arg(K::GlobalPointer, 0, DType::I32), arg(K::Shape, 0, DType::I64),
                  arg(K::GlobalPointer, 1, DType::I32), arg(K::Shape, 1, DType::I64)},
                 {"data", "bins"}, 1);
}

KernelImage index2d_image() {
    return image("index2d", {ParamType::array(DType::I64, 2, Layout::Any)},
                 {arg(K::GlobalPointer, 0, DType::I64), arg(K::Shape, 0, DType::I64, 0),
                  arg(K::Shape, 0, DType::I64, 1), arg(K::Stride, 0, DType::I64, 0),
                  arg(K::Stride, 0, DType::I64, 1)},
                 {"out"}, 2);
}

KernelImage index3d_image() {
    return image("index3d", {ParamType::array(DType::I64, 3, Layout::C)},
                 {arg(K::GlobalPointer, 0, DType::I64), arg(K::Shape, 0, DType::I64, 0),
                  arg(K::Shape, 0, DType::I64, 1), arg(K::Shape, 0, DType::I64, 2)},
                 {"out"}, 3);
}

std::vector<runtime::Device> spirv_devices() {
    std::vector<runtime::Device> out;
    if (const char* only = std::getenv("DPK_DEVICE"); only && *only) {
        for (const runtime::Device& d : runtime::select_devices(only))
            if (d.takes_spirv()) out.push_back(d);
        return out;
    }
    for (const runtime::Device& d : runtime::all_devices())
        if (d.takes_spirv()) out.push_back(d);
    return out;
}

std::string device_label(const runtime::Device& d) {
    return d.filter_string() + " (" + d.info().platform_name + ", " +
           std::string(spirv_ingest_name(d.info().spirv)) + ")";
}

}  // namespace dpk::tests
