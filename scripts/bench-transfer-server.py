#!/usr/bin/env python3
"""The peer of `make bench transfers`: serves one file and swallows uploads, never holding either in memory.

Usage: bench-transfer-server.py PORT FILE

GET /file     the file, with `Range: bytes=N-` / `If-Range` (206) and an ETag; sent with sendfile(2)
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
        first = 0
        wanted = self.headers.get("Range", "")
        if_range = self.headers.get("If-Range")
        if wanted.startswith("bytes=") and wanted.endswith("-") and (if_range is None or if_range == tag):
            try:
                first = int(wanted[6:-1])
            except ValueError:
                first = 0
        if first >= size:
            self.send_response(416)
            self.send_header("Content-Range", "bytes */%d" % size)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        self.send_response(206 if first > 0 else 200)
        self.send_header("Content-Type", "application/octet-stream")
        self.send_header("ETag", tag)
        self.send_header("Accept-Ranges", "bytes")
        self.send_header("Content-Length", str(size - first))
        if first > 0:
            self.send_header("Content-Range", "bytes %d-%d/%d" % (first, size - 1, size))
        self.end_headers()
        with open(path, "rb") as body:
            try:
                self.connection.sendfile(body, offset=first, count=size - first)
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
