// The conformance suite's fixture tools (`--conformance-tools`, docs/MCP.md "Conformance"):
// the suite calls tools by fixed names to see text content, tool errors, progress and log
// notifications; DriveLab's own tools do the same things, but take a lab.
#include <chrono>
#include <thread>

#include "cli/mcp/mcptools.h"

namespace drivelab::cli::mcp {

ToolResult toolTestSimpleText(const Json&, CallContext&)
{
    ToolResult r;
    r.text = "This is a simple text response for testing.";
    return r;
}

ToolResult toolTestErrorHandling(const Json&, CallContext&) { return toolError("This tool intentionally returns an error for testing"); }

ToolResult toolTestProgress(const Json&, CallContext& ctx)
{
    for (int i = 0; i <= 2; ++i) {
        if (i) std::this_thread::sleep_for(std::chrono::milliseconds(50));
        ctx.progress(50.0 * i, 100.0, "step " + std::to_string(i));
    }
    ToolResult r;
    r.text = "Progress test completed";
    return r;
}

ToolResult toolTestLogging(const Json&, CallContext& ctx)
{
    const char* lines[] = {"Tool execution started", "Tool processing data", "Tool execution completed"};
    for (int i = 0; i < 3; ++i) {
        if (i) std::this_thread::sleep_for(std::chrono::milliseconds(50));
        ctx.log("info", lines[i]);
    }
    ToolResult r;
    r.text = "Logging test completed";
    return r;
}

} // namespace drivelab::cli::mcp
