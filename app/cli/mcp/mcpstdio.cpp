// The stdio transport: one JSON-RPC message per line on standard input, answers and
// notifications one per line on standard output (nothing else is ever written there).
// Quick requests are answered on the reading thread; long tool calls run one after another
// on a worker, so that ping and notifications/cancelled are read while a lab runs.
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <mutex>
#include <thread>

#include "cli/mcp/mcpserver.h"

namespace drivelab::cli::mcp {

int serveStdio(const Config& config)
{
    Server server(config);
    std::mutex outMutex;
    const Emit emit = [&](const Json& message) {
        const std::string line = messageText(message) + "\n";
        std::lock_guard lock(outMutex);
        std::fwrite(line.data(), 1, line.size(), stdout);
        std::fflush(stdout);
    };

    std::mutex jobsMutex;
    std::condition_variable jobsReady;
    std::deque<std::function<void()>> jobs;
    bool closing = false;
    std::thread worker([&] {
        for (;;) {
            std::function<void()> job;
            {
                std::unique_lock lock(jobsMutex);
                jobsReady.wait(lock, [&] {
                    return closing || !jobs.empty();
                });
                if (jobs.empty()) return;
                job = std::move(jobs.front());
                jobs.pop_front();
            }
            job();
        }
    });

    // a line longer than the largest lab plus the envelope is refused without being kept
    const std::size_t maxLine = static_cast<std::size_t>(config.args.maxLabBytes) * 2 + (1u << 20);
    std::string line;
    bool tooLong = false;
    for (int c; (c = getc_unlocked(stdin)) != EOF;) {
        if (c != '\n') {
            if (line.size() < maxLine)
                line.push_back(static_cast<char>(c));
            else
                tooLong = true;
            continue;
        }
        if (tooLong) {
            emit(rpcError(nullptr, InvalidRequest,
                          "Invalid Request: the message is over " + std::to_string(maxLine) + " bytes (--max-lab-bytes)"));
        } else if (line.find_first_not_of(" \t\r") != std::string::npos) {
            std::string error;
            Json message = parseMessage(line, error);
            if (message.is_discarded()) {
                emit(rpcError(nullptr, ParseError, error));
            } else if (auto job = server.receive(message, emit)) {
                std::lock_guard lock(jobsMutex);
                jobs.push_back(std::move(job));
                jobsReady.notify_one();
            }
        }
        line.clear();
        tooLong = false;
    }
    // standard input closed: answer what was asked (each call within --max-seconds), then leave;
    // a script can pipe its requests in and read every answer
    {
        std::lock_guard lock(jobsMutex);
        closing = true;
    }
    jobsReady.notify_one();
    worker.join();
    return 0;
}

} // namespace drivelab::cli::mcp
