// The reader of kernel images (a cache entry's payload, each image of a bundle), without the
// checksum in the way: any bytes are a validated image or a FormatError.
#include "dpk/core/error.h"
#include "runtime/kernel_image_io.h"
#include "tests/fuzz/fuzz_target.h"

DPK_FUZZ_TARGET(cache_entry) {
    try {
        dpk::runtime::ByteReader in(dpk::tests::as_text(data, size), "fuzz entry");
        (void)in.str();  // the request line an image entry starts with
        dpk::runtime::read_kernel_image(in);
    } catch (const dpk::error&) {
    }
    return 0;
}
