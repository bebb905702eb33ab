// The AOT bundle reader: any bytes are a bundle of validated images or a dpk error.
#include "dpk/core/error.h"
#include "dpk/runtime/kernel_bundle.h"
#include "tests/fuzz/fuzz_target.h"

DPK_FUZZ_TARGET(bundle) {
    try {
        dpk::runtime::KernelBundle::decode(dpk::tests::as_text(data, size), "fuzz bundle");
    } catch (const dpk::error&) {
    }
    return 0;
}
