// The .npy reader: any bytes are an array or an NpyError, never a crash or a huge allocation.
#include "tests/fuzz/fuzz_target.h"
#include "tools/dpk/npy.h"

DPK_FUZZ_TARGET(npy) {
    try {
        dpk::tools::NpyArray a =
            dpk::tools::parse_npy(std::string(dpk::tests::as_text(data, size)), "fuzz.npy");
        // What parses encodes back to a file that parses to the same array.
        dpk::tools::NpyArray b = dpk::tools::parse_npy(dpk::tools::encode_npy(a), "again");
        if (b.shape != a.shape || b.data != a.data || b.dtype != a.dtype) __builtin_trap();
    } catch (const dpk::error&) {
    }
    return 0;
}
