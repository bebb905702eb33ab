// The .npy reader: any bytes are an array or an NpyError, never a crash or a huge allocation.
#include "runtime/npy.h"
#include "tests/fuzz/fuzz_target.h"

DPK_FUZZ_TARGET(npy) {
    try {
        dpk::runtime::NpyArray a =
            dpk::runtime::parse_npy(std::string(dpk::tests::as_text(data, size)), "fuzz.npy");
        // What parses encodes back to a file that parses to the same array.
        dpk::runtime::NpyArray b = dpk::runtime::parse_npy(dpk::runtime::encode_npy(a), "again");
        if (b.shape != a.shape || b.data != a.data || b.dtype != a.dtype) __builtin_trap();
    } catch (const dpk::error&) {
    }
    return 0;
}
