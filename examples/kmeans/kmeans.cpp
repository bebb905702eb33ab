// k-means, one Lloyd iteration: assignment with centroids in work-group memory, per-group
// partial sums merged with atomics, then the new centroids. Checked against the same iteration
// on the host.
#include "examples/common/example.h"

int main() {
    return example::run([](const dpk::Device& dev) {
        dpk::Queue q(dev);
        dpk::Program program = dpk::Program::from_file(example::path("kmeans.dpk"));
        dpk::Kernel assign = program.kernel("assign");
        dpk::Kernel update = program.kernel("update");

        const std::int64_t n = 20000, k = 8, dims = 4;
        std::vector<float> points(n * dims), centroids(k * dims);
        for (std::int64_t i = 0; i < n; ++i)  // clusters around 8 centres, with noise
            for (std::int64_t j = 0; j < dims; ++j)
                points[i * dims + j] = static_cast<float>((i % k) * (j + 1)) +
                                       0.3f * std::sin(static_cast<float>(i * dims + j));
        for (std::int64_t c = 0; c < k * dims; ++c) centroids[c] = points[c * 3 + 1];  // a guess

        // The same iteration on the host.
        std::vector<std::int32_t> want_labels(n);
        std::vector<double> sum(k * dims, 0.0), count(k, 0.0);
        for (std::int64_t i = 0; i < n; ++i) {
            float best = 3.4e38f;
            for (std::int64_t c = 0; c < k; ++c) {
                float d = 0;
                for (std::int64_t j = 0; j < dims; ++j) {
                    const float diff = points[i * dims + j] - centroids[c * dims + j];
                    d += diff * diff;
                }
                if (d < best) {
                    best = d;
                    want_labels[i] = static_cast<std::int32_t>(c);
                }
            }
            for (std::int64_t j = 0; j < dims; ++j)
                sum[want_labels[i] * dims + j] += points[i * dims + j];
            ++count[want_labels[i]];
        }
        std::vector<double> want_centroids(centroids.begin(), centroids.end());
        for (std::int64_t c = 0; c < k * dims; ++c)
            if (count[c / dims] > 0) want_centroids[c] = sum[c] / count[c / dims];

        auto dpoints = dpk::UsmArray::from_host<float>(q, points, {n, dims});
        auto dcentroids = dpk::UsmArray::from_host<float>(q, centroids, {k, dims});
        auto labels = dpk::UsmArray::zeros(q, dpk::DType::I32, {n});
        auto sums = dpk::UsmArray::zeros(q, dpk::DType::F32, {k, dims});
        auto counts = dpk::UsmArray::zeros(q, dpk::DType::I32, {k});
        const std::size_t local = 128, global = (n + local - 1) / local * local;
        const auto kd = static_cast<std::size_t>(k * dims);
        auto assigned = assign.launch(
            q, dpk::Range(global), dpk::Range(local),
            {dpoints, dcentroids, labels, sums, counts, dpk::LocalMemory{dpk::DType::F32, kd},
             dpk::LocalMemory{dpk::DType::F32, kd},
             dpk::LocalMemory{dpk::DType::I32, static_cast<std::size_t>(k)}});
        update.launch(q, dpk::Range(dims, k), {sums, counts, dcentroids}, {assigned}).wait();

        example::check(labels.to_vector<std::int32_t>() == want_labels &&
                           example::max_error(dcentroids.to_vector<float>(), want_centroids) < 1e-4,
                       "k-means iteration, 20000 points, k = 8, 4-d", dev);
    });
}
