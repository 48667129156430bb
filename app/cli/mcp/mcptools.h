#pragma once
// The tools of the MCP server (docs/MCP.md, "Tools"): each with its input and output JSON
// Schema, checked against the arguments before it runs (mcpschema.cpp), and the files and
// labs a call names, confined to --root (mcpfiles.cpp).
#include <string>
#include <string_view>
#include <vector>

#include "cli/mcp/mcpserver.h"
#include "spec/labspec.h"
#include "util/readlog.h"

namespace drivelab::cli::mcp {

/// one tool
struct Tool {
    const char* name;                                           ///< tools/call name
    const char* title;                                          ///< a human title
    const char* description;                                    ///< what it does, for the model
    Json inputSchema;                                           ///< JSON Schema of its arguments
    Json outputSchema;                                          ///< JSON Schema of its structuredContent
    ToolResult (*run)(const Json& arguments, CallContext& ctx); ///< the work
    bool slow = false;                                          ///< runs on the transport's worker (may take long, may be cancelled)
    bool fixture = false;                                       ///< a conformance-suite fixture (only with --conformance-tools)
};
/// every tool, in tools/list order
const std::vector<Tool>& tools();
/// a tool by name that this configuration offers, or nullptr
const Tool* findTool(const std::string& name, const Config& config);
/// the tools/list entry of a tool
Json toolListEntry(const Tool& t);

/// "" when `value` satisfies `schema` (the subset of JSON Schema the tools use: type,
/// properties, required, additionalProperties, items, enum, minimum, maximum), else what is
/// wrong, naming the path (`arguments.options.allow_unbalanced: must be a boolean`)
std::string schemaProblem(const Json& schema, const Json& value, const std::string& path);
/// parse a schema written as JSON text
Json schema(std::string_view text);

/// a lab (or asset) a call names: inline JSON, a drivelab:// URI, or a path under --root
struct LabText {
    bool ok = false;     ///< read
    std::string file;    ///< its name in `FILE: ...` lines
    std::string text;    ///< its text
    std::string error;   ///< why not (one or more lines, each ending in a newline)
    LabFileReader files; ///< how files the lab refers to (a csv signal) are read: an example's from the
                         ///< binary, a lab under --root's beside it, confined to the root
};
/// resolve the `lab` argument (`what`: "lab" or "asset", the name of inline text)
LabText labArgument(const Json& value, const CallContext& ctx, const char* what);
/// the real path of `path` under --root, for reading (`write` false) or writing; "" with
/// `error` (a `FILE: -: FIELD: message` line) when it escapes the root or file access is off
std::string pathInRoot(const std::string& path, bool write, const Config& config, const char* field, std::string& error);
/// "" when `target` (pathInRoot's answer for `output`) reaches none of the files `read` noted;
/// else the `OUTPUT: -: FIELD: ...` line refusing it (a tool never writes over a file it read:
/// the lab, its csv traces; issue 33)
std::string overwritesInput(const ReadLog& read, const std::string& target, const std::string& output, const char* field);

/// an example lab shipped in the binary
struct Example {
    std::string name; ///< file name without `.lab.json` ("converter-launch")
    std::string text; ///< the file
};
/// the example labs (generated at build time from labs/, app/cli/mcp/embedlabs.cmake)
const std::vector<Example>& examples();
/// the data files beside them (a drive cycle's csv trace), by file name
const std::vector<Example>& exampleFiles();
/// an example by name or drivelab://examples/NAME URI, or nullptr
const Example* findExample(const std::string& nameOrUri);
/// its URI
std::string exampleUri(const Example& e);

/// the prompts (prompts/list) and one filled in (prompts/get; a JSON-RPC error code in
/// `code` when the name or the arguments are wrong)
Json promptList();
Json getPrompt(const Json& params, CallContext& ctx, int& code, std::string& message);

// the tools, by file
ToolResult toolListExamples(const Json& args, CallContext& ctx);       // mcpcatalog.cpp
ToolResult toolGetExample(const Json& args, CallContext& ctx);         // mcpcatalog.cpp
ToolResult toolListComponentTypes(const Json& args, CallContext& ctx); // mcpcatalog.cpp
ToolResult toolCheckLab(const Json& args, CallContext& ctx);           // mcpcheck.cpp
ToolResult toolCausality(const Json& args, CallContext& ctx);          // mcpcheck.cpp
ToolResult toolExportAsset(const Json& args, CallContext& ctx);        // mcpcheck.cpp
ToolResult toolVerifyAsset(const Json& args, CallContext& ctx);        // mcpcheck.cpp
ToolResult toolRunLab(const Json& args, CallContext& ctx);             // mcprun.cpp
ToolResult toolEditLab(const Json& args, CallContext& ctx);            // mcpedit.cpp
// the conformance suite's fixtures (--conformance-tools), mcpfixtures.cpp
ToolResult toolTestSimpleText(const Json& args, CallContext& ctx);
ToolResult toolTestErrorHandling(const Json& args, CallContext& ctx);
ToolResult toolTestProgress(const Json& args, CallContext& ctx);
ToolResult toolTestLogging(const Json& args, CallContext& ctx);

} // namespace drivelab::cli::mcp
