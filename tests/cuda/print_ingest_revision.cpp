// Prints the CUDA backend's ingest revision as compiled into it (ingest_revision_test.cmake).
#include <iostream>

#include "backends/cuda/cuda_device.h"

int main() {
    std::cout << dpk::backends::cuda::ingest_revision() << "\n";
}
