#!/usr/bin/env python3
"""The peer of `make bench transfers`: serves one file and swallows uploads, never holding either in memory.

Usage: bench-transfer-server.py PORT FILE

GET /file     the file, with `Range: bytes=A-[B]` / `If-Range` (206) and an ETag; sent with sendfile(2)
POST /upload  reads the body (Content-Length or chunked) in 1 MiB pieces and throws it away; answers its size
"""
import http.server
import os
import sys

CHUNK = 1 << 20


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def do_GET(self):
        path = self.server.file
        size = os.path.getsize(path)
        tag = '"%d-%d"' % (size, int(os.path.getmtime(path)))
        first, last = 0, size - 1
        wanted = self.headers.get("Range", "")
        if_range = self.headers.get("If-Range")
        ranged = wanted.startswith("bytes=") and "," not in wanted and (if_range is None or if_range == tag)
        if ranged:
            start, _, end = wanted[6:].partition("-")
            try:
                first = int(start)
                last = min(int(end), size - 1) if end else size - 1
            except ValueError:
                ranged, first, last = False, 0, size - 1
        if first >= size or last < first:
            self.send_response(416)
            self.send_header("Content-Range", "bytes */%d" % size)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        self.send_response(206 if ranged else 200)
        self.send_header("Content-Type", "application/octet-stream")
        self.send_header("ETag", tag)
        self.send_header("Accept-Ranges", "bytes")
        self.send_header("Content-Length", str(last + 1 - first))
        if ranged:
            self.send_header("Content-Range", "bytes %d-%d/%d" % (first, last, size))
        self.end_headers()
        with open(path, "rb") as body:
            try:
                self.connection.sendfile(body, offset=first, count=last + 1 - first)
            except (BrokenPipeError, ConnectionResetError):
                self.close_connection = True

    def do_POST(self):
        received = 0
        buffer = bytearray(CHUNK)
        view = memoryview(buffer)
        if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
            while True:
                size = int(self.rfile.readline().split(b";")[0], 16)
                if size == 0:
                    self.rfile.readline()
                    break
                while size > 0:
                    got = self.rfile.readinto(view[: min(size, CHUNK)])
                    size -= got
                    received += got
                self.rfile.readline()
        else:
            remaining = int(self.headers.get("Content-Length", "0"))
            while remaining > 0:
                got = self.rfile.readinto(view[: min(remaining, CHUNK)])
                if not got:
                    break
                remaining -= got
                received += got
        answer = b"%d" % received
        self.send_response(200)
        self.send_header("Content-Type", "text/plain")
        self.send_header("Content-Length", str(len(answer)))
        self.end_headers()
        self.wfile.write(answer)


def main():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), Handler)
    server.file = sys.argv[2]
    server.serve_forever()


if __name__ == "__main__":
    main()
