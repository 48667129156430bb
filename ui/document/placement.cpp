#include "document/placement.h"

#include <cmath>

namespace drivelab {
namespace {

Json coordinate(double v)
{
    // grid-snapped positions are whole numbers: write them as integers
    if (std::isfinite(v) && v == std::floor(v) && std::fabs(v) < 1e15) return Json(static_cast<std::int64_t>(v));
    return Json(v);
}

} // namespace

int normalizedRotation(int degrees)
{
    int r = ((degrees % 360) + 360) % 360;
    return (r / 90) * 90;
}

std::optional<Placement> placementOf(const LabSpec& lab, const std::string& id)
{
    if (!lab.layout.is_object()) return std::nullopt;
    const auto it = lab.layout.find(id);
    if (it == lab.layout.end() || !it->is_object()) return std::nullopt;
    const Json& e = *it;
    const auto num = [&](const char* key) -> std::optional<double> {
        const auto f = e.find(key);
        if (f == e.end() || !f->is_number()) return std::nullopt;
        const double v = f->get<double>();
        // a drawing lives within a few metres of screen: farther is a broken entry
        return std::isfinite(v) && std::fabs(v) <= 1e7 ? std::optional<double>(v) : std::nullopt;
    };
    const auto x = num("x");
    const auto y = num("y");
    if (!x || !y) return std::nullopt;
    Placement p;
    p.x = *x;
    p.y = *y;
    if (const auto r = num("rotation")) p.rotation = normalizedRotation(static_cast<int>(std::lround(*r)));
    const auto f = e.find("flip");
    p.flip = f != e.end() && f->is_boolean() && f->get<bool>();
    return p;
}

void writePlacement(LabSpec& lab, const std::string& id, const Placement& p)
{
    if (!lab.layout.is_object()) lab.layout = Json::object();
    Json& e = lab.layout[id];
    if (!e.is_object()) e = Json::object();
    e["x"] = coordinate(p.x);
    e["y"] = coordinate(p.y);
    e["rotation"] = normalizedRotation(p.rotation);
    e["flip"] = p.flip;
}

std::optional<std::size_t> keyIndex(const Json& object, const std::string& key)
{
    if (!object.is_object()) return std::nullopt;
    std::size_t i = 0;
    for (auto it = object.begin(); it != object.end(); ++it, ++i) {
        if (it.key() == key) return i;
    }
    return std::nullopt;
}

void insertKeyAt(Json& object, std::size_t index, const std::string& key, Json value)
{
    if (!object.is_object()) object = Json::object();
    Json out = Json::object();
    std::size_t i = 0;
    bool done = false;
    for (auto it = object.begin(); it != object.end(); ++it, ++i) {
        if (i == index) {
            out[key] = std::move(value);
            done = true;
        }
        if (it.key() != key) out[it.key()] = it.value();
    }
    if (!done) out[key] = std::move(value);
    object = std::move(out);
}

void renameKeyInPlace(Json& object, const std::string& from, const std::string& to)
{
    if (!object.is_object() || !object.contains(from) || from == to) return;
    Json out = Json::object();
    for (auto it = object.begin(); it != object.end(); ++it) {
        if (it.key() == from)
            out[to] = it.value();
        else if (it.key() != to)
            out[it.key()] = it.value();
    }
    object = std::move(out);
}

} // namespace drivelab
