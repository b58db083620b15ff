#!/usr/bin/env python3
"""Measures `statelint lsp` as an editor sees it: a fake LSP client over pipes.

With a generated corpus (default 1,000,000 lines) as the workspace it measures
  * index ready: `initialized` sent -> the work-done progress `end` received;
  * diagnostics latency: a `didChange` to a 2,000-line view file sent -> the
    `publishDiagnostics` for that version received, for edits that change no declaration
    (typing in a body) and, separately, for edits that turn a class into a struct and back
    (the project index is rebuilt);
  * resident memory of the server (VmRSS and peak VmHWM from /proc) after the edits.

Not a timed test: run it by hand (`python3 Benchmarks/lsp_latency.py`) on a release build. On a
shared, loaded machine the figures are rough.
"""
import argparse
import json
import os
import pathlib
import statistics
import subprocess
import sys
import threading
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent


class Client:
    """A minimal LSP client: framed JSON over the server's stdin/stdout, replies on a thread."""

    def __init__(self, command, cwd):
        self.process = subprocess.Popen(command, cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.lock = threading.Condition()
        self.messages = []  # (arrival time, message)
        self.next_id = 1
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        stream = self.process.stdout
        while True:
            length = None
            while True:
                line = stream.readline()
                if not line:
                    return
                if line in (b"\r\n", b"\n"):
                    break
                name, _, value = line.decode("ascii").partition(":")
                if name.strip().lower() == "content-length":
                    length = int(value)
            message = json.loads(stream.read(length))
            arrived = time.perf_counter()
            if "method" in message and "id" in message:  # a request from the server
                self.send({"jsonrpc": "2.0", "id": message["id"], "result": None})
            with self.lock:
                self.messages.append((arrived, message))
                self.lock.notify_all()

    def send(self, message):
        body = json.dumps(message, ensure_ascii=False).encode()
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()
        return time.perf_counter()

    def notify(self, method, params):
        return self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def request(self, method, params):
        request_id = self.next_id
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params})
        return self.wait(lambda m: m.get("id") == request_id and "method" not in m)[1]

    def wait(self, matches, timeout=120):
        """The first message (arrival time, message) matching, waiting for it."""
        deadline = time.perf_counter() + timeout
        with self.lock:
            seen = 0
            while True:
                for index in range(seen, len(self.messages)):
                    if matches(self.messages[index][1]):
                        return self.messages.pop(index)
                seen = len(self.messages)
                remaining = deadline - time.perf_counter()
                if remaining <= 0:
                    raise TimeoutError("no matching message from the server")
                self.lock.wait(remaining)


def memory_kb(pid):
    fields = {}
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            name, _, value = line.partition(":")
            if name in ("VmRSS", "VmHWM"):
                fields[name] = int(value.split()[0])
    return fields


def big_view(corpus, lines):
    """A view file of at least `lines` lines made of the corpus's own views, in the corpus."""
    views = sorted(p for p in corpus.rglob("*View*.swift") if ".build" not in p.parts)
    text, used = "", 0
    for path in views:
        part = path.read_text()
        if part.count("\n") > lines // 4:
            continue  # several ordinary views, not one of the corpus's few huge ones
        text += part + "\n"
        used += 1
        if text.count("\n") >= lines:
            break
    target = corpus / "LSPBenchmark" / "BigView.swift"
    target.parent.mkdir(exist_ok=True)
    # A model of its own to flip between class and struct.
    text = "final class LSPBenchmarkModel {}\n\n" + text
    target.write_text(text)
    return target, text, used


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", default=str(ROOT / ".build/release/statelint"))
    parser.add_argument("--corpus", default=str(ROOT / ".benchmark/lsp-corpus"))
    parser.add_argument("--lines", type=int, default=1_000_000, help="corpus size when it is generated")
    parser.add_argument("--view-lines", type=int, default=2000)
    parser.add_argument("--edits", type=int, default=300)
    parser.add_argument("--declaration-edits", type=int, default=40)
    args = parser.parse_args()

    corpus = pathlib.Path(args.corpus)
    if not (corpus / "expected-findings.tsv").exists():
        subprocess.run([sys.executable, str(ROOT / "Benchmarks/generate_corpus.py"), str(corpus),
                        "--lines", str(args.lines), "--seed", "1"], check=True, stdout=subprocess.DEVNULL)
    # A project of its own, as Benchmarks/run.sh makes it: without a `.linter.yml` at its root
    # the repository's would apply to a corpus inside the checkout.
    if not (corpus / ".linter.yml").exists():
        (corpus / ".linter.yml").write_text("# Benchmark corpus: a project of its own (Benchmarks/lsp_latency.py).\n")
    view, text, used = big_view(corpus, args.view_lines)
    swift_files = sum(1 for _ in corpus.rglob("*.swift"))
    corpus_lines = sum(p.read_text().count("\n") for p in corpus.rglob("*.swift"))

    client = Client([os.path.abspath(args.bin), "lsp"], cwd=corpus)
    uri = view.as_uri()
    client.request("initialize", {"processId": os.getpid(), "rootUri": corpus.as_uri(),
                                  "capabilities": {"window": {"workDoneProgress": True}}})
    started = client.notify("initialized", {})
    ended, end = client.wait(lambda m: m.get("method") == "$/progress" and m["params"]["value"]["kind"] == "end")
    index_seconds = ended - started
    index_message = end["params"]["value"].get("message", "")

    version = 1
    client.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "swift", "version": version, "text": text}})
    opened, first = client.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["version"] == 1)
    findings = len(first["params"]["diagnostics"])

    def timed_change(start, end, new_text):
        nonlocal version
        version += 1
        wanted = version
        sent = client.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": wanted},
            "contentChanges": [{"range": {"start": start, "end": end}, "text": new_text}]})
        arrived, _ = client.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics" and m["params"]["version"] == wanted)
        return (arrived - sent) * 1000

    # Typing: insert and delete a character at the end of the last line, alternately.
    last = text.count("\n")
    body = []
    for index in range(args.edits):
        if index % 2 == 0:
            body.append(timed_change({"line": last, "character": 0}, {"line": last, "character": 0}, "x"))
        else:
            body.append(timed_change({"line": last, "character": 0}, {"line": last, "character": 1}, ""))
    # `final class LSPBenchmarkModel` <-> `struct LSPBenchmarkModel`: the index is rebuilt.
    declaration = []
    for index in range(args.declaration_edits):
        if index % 2 == 0:
            declaration.append(timed_change({"line": 0, "character": 0}, {"line": 0, "character": 11}, "struct"))
        else:
            declaration.append(timed_change({"line": 0, "character": 0}, {"line": 0, "character": 6}, "final class"))
    memory = memory_kb(client.process.pid)

    client.request("shutdown", None)
    client.notify("exit", None)
    status = client.process.wait(timeout=30)

    def summary(values):
        return (f"median {statistics.median(values):.2f} ms, p90 {percentile(values, 0.9):.2f} ms, "
                f"p99 {percentile(values, 0.99):.2f} ms, max {max(values):.2f} ms ({len(values)} edits)")

    print(f"workspace: {swift_files} Swift files, {corpus_lines:,} lines ({corpus})")
    print(f"edited file: {view.name}, {text.count(chr(10)):,} lines ({used} corpus views), {findings} findings")
    print(f"index ready: {index_seconds:.3f} s (initialized -> progress end: \"{index_message}\")")
    print(f"didChange -> publishDiagnostics, no declaration changed: {summary(body)}")
    print(f"didChange -> publishDiagnostics, class <-> struct (index rebuilt): {summary(declaration)}")
    print(f"memory after the edits: VmRSS {memory['VmRSS'] / 1024:.1f} MB, peak VmHWM {memory['VmHWM'] / 1024:.1f} MB")
    print(f"exit status after shutdown/exit: {status}")
    return 0 if status == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
