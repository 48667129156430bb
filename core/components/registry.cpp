#include "components/registry.h"

#include <array>

namespace drivelab {
namespace {

// every registered type conforms: a hook declared with a wrong signature is a compile error
// here, never a silently disabled hook (components/hooks.h)
template <class... T> consteval bool allConform(TypeList<T...>) { return (checkComponentType<T>() && ...); }
static_assert(allConform(ComponentTypes{}));

std::array<const ComponentDescriptor*, ComponentTypes::size> buildList()
{
    std::array<const ComponentDescriptor*, ComponentTypes::size> list{};
    forEachComponentType([&]<class T, std::size_t I>() {
        list[I] = &T::descriptor();
    });
    return list;
}

const std::array<const ComponentDescriptor*, ComponentTypes::size>& list()
{
    static const auto l = buildList();
    return l;
}

} // namespace

std::span<const ComponentDescriptor* const> componentDescriptors() { return list(); }

const ComponentDescriptor* findComponentDescriptor(std::string_view type)
{
    const int i = componentTypeIndex(type);
    return i < 0 ? nullptr : list()[static_cast<std::size_t>(i)];
}

int componentTypeIndex(std::string_view type)
{
    for (std::size_t i = 0; i < list().size(); ++i) {
        if (type == list()[i]->type) return static_cast<int>(i);
    }
    return -1;
}

bool drivesInputs(std::string_view type)
{
    bool out = false;
    forEachComponentType([&]<class T, std::size_t>() {
        if constexpr (HasOutput<T> || HasDrivenOutputs<T>) out = out || type == T::descriptor().type;
    });
    return out;
}

std::string knownTypeList()
{
    std::string s;
    for (const auto* d : list()) s += std::string(s.empty() ? "" : ", ") + d->type;
    return s;
}

} // namespace drivelab
