#include <ticklab/time_source.hpp>

namespace ticklab {

steady_time_source::steady_time_source() : origin_{std::chrono::steady_clock::now()} {}

nanoseconds steady_time_source::now() const {
    return std::chrono::duration_cast<nanoseconds>(std::chrono::steady_clock::now() - origin_);
}

}  // namespace ticklab
