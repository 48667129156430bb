#pragma once
// A minimal FMU importer written for the tests against the FMI C API only (docs/FMI.md): it
// unpacks an FMU with the `unzip` tool, reads modelDescription.xml as text, dlopens the binary and
// finds the standard's function names with dlsym. It uses nothing of DriveLab's libraries, so
// what it checks is what any importer (FMPy, Simulink's FMU block, Dymola) would see. The types
// come from fmi/api/ (written from the standard's text).
#include <dlfcn.h>
#include <sys/wait.h>

#include <cstdarg>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "../../fmi/api/fmi2api.h"
#include "../../fmi/api/fmi3api.h"

namespace fmitest {

/// a whole file, or "" when it cannot be read
inline std::string readFile(const std::string& path)
{
    std::ifstream f(path, std::ios::binary);
    std::ostringstream s;
    s << f.rdbuf();
    return s.str();
}

/// run a shell command; its exit status
inline int shell(const std::string& cmd)
{
    const int rc = std::system(cmd.c_str());
    return WIFEXITED(rc) ? WEXITSTATUS(rc) : -1;
}

/// the value of attribute `name` in the tag text `tag` ("" when absent)
inline std::string xmlAttr(const std::string& tag, const std::string& name)
{
    const std::string key = " " + name + "=\"";
    const auto at = tag.find(key);
    if (at == std::string::npos) return {};
    const auto begin = at + key.size();
    return tag.substr(begin, tag.find('"', begin) - begin);
}

/// every tag `<element ...>` of the document, as text
inline std::vector<std::string> xmlTags(const std::string& xml, const std::string& element)
{
    std::vector<std::string> out;
    const std::string open = "<" + element;
    for (auto at = xml.find(open); at != std::string::npos; at = xml.find(open, at + 1)) {
        const char next = xml[at + open.size()];
        if (next != ' ' && next != '>' && next != '/') continue;
        out.push_back(xml.substr(at, xml.find('>', at) - at + 1));
    }
    return out;
}

/// a variable of modelDescription.xml
struct Variable {
    std::string name, causality, variability, unit, start;
    unsigned vr = 0;
};

/// the variables (FMI 3: <Float64 ...>; FMI 2: <ScalarVariable ...><Real .../>)
inline std::vector<Variable> variables(const std::string& xml, int fmi)
{
    std::vector<Variable> out;
    const auto tags = xmlTags(xml, fmi == 3 ? "Float64" : "ScalarVariable");
    const auto reals = fmi == 3 ? tags : xmlTags(xml, "Real");
    for (std::size_t i = 0; i < tags.size(); ++i) {
        Variable v;
        v.name = xmlAttr(tags[i], "name");
        v.vr = static_cast<unsigned>(std::stoul(xmlAttr(tags[i], "valueReference")));
        v.causality = xmlAttr(tags[i], "causality");
        v.variability = xmlAttr(tags[i], "variability");
        v.unit = i < reals.size() ? xmlAttr(reals[i], "unit") : std::string();
        v.start = i < reals.size() ? xmlAttr(reals[i], "start") : std::string();
        out.push_back(v);
    }
    return out;
}

/// an unpacked FMU
struct Unpacked {
    std::string dir;         ///< where it was unpacked
    std::string xml;         ///< modelDescription.xml
    std::string identifier;  ///< the co-simulation modelIdentifier
    std::string token;       ///< instantiationToken / guid
    std::string binary;      ///< the shared library for this platform
    std::string resources;   ///< the resources folder (a path ending in '/')
};

/// unpack `fmu` into `dir` (emptied first); false when unzip fails
inline bool unpack(const std::string& fmu, const std::string& dir, int fmi, Unpacked& out)
{
    if (shell("rm -rf '" + dir + "' && mkdir -p '" + dir + "' && unzip -q -o '" + fmu + "' -d '" + dir + "'") != 0) return false;
    out.dir = dir;
    out.xml = readFile(dir + "/modelDescription.xml");
    const auto cs = xmlTags(out.xml, "CoSimulation");
    const auto root = xmlTags(out.xml, "fmiModelDescription");
    if (cs.empty() || root.empty()) return false;
    out.identifier = xmlAttr(cs[0], "modelIdentifier");
    out.token = xmlAttr(root[0], fmi == 3 ? "instantiationToken" : "guid");
    out.binary = dir + (fmi == 3 ? "/binaries/x86_64-linux/" : "/binaries/linux64/") + out.identifier + ".so";
    out.resources = dir + "/resources/";
    return true;
}

/// messages an FMU logged (the instance environment of every instance the tests make)
struct Log {
    std::vector<std::string> lines;
    std::string all() const
    {
        std::string s;
        for (const auto& l : lines) s += l + "\n";
        return s;
    }
};

inline void logFmi3(fmi3InstanceEnvironment env, fmi3Status status, fmi3String category, fmi3String message)
{
    static_cast<Log*>(env)->lines.push_back(std::to_string(static_cast<int>(status)) + " " + category + " " + message);
}

inline void logFmi2(fmi2ComponentEnvironment env, fmi2String, fmi2Status status, fmi2String category, fmi2String format, ...)
{
    // the FMU passes "%s" and the message
    va_list args;
    va_start(args, format);
    const char* message = va_arg(args, const char*);
    va_end(args);
    static_cast<Log*>(env)->lines.push_back(std::to_string(static_cast<int>(status)) + " " + category + " " + message);
}

/// a symbol of the library, or nullptr
#define FMITEST_SYM(lib, name) reinterpret_cast<decltype(&name)>(dlsym(lib, #name))

} // namespace fmitest
