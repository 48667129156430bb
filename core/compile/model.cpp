#include "compile/model.h"

namespace drivelab {

int Model::componentIndex(const std::string& id) const
{
    for (std::size_t i = 0; i < components.size(); ++i) {
        if (components[i].id == id) return static_cast<int>(i);
    }
    return -1;
}

} // namespace drivelab
