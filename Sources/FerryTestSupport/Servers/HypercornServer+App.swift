// MARK: - The ASGI app Hypercorn runs

extension HypercornServer {
    /// The Python ASGI app behind ``HypercornServer``'s routes, written next to the server at start.
    static let appSource = """
        import asyncio

        _groups = {}


        def _pattern(count, seed):
            step = seed + 7
            return bytes((i * step) & 0xFF for i in range(count))


        async def _lifespan(receive, send):
            while True:
                message = await receive()
                if message["type"] == "lifespan.startup":
                    await send({"type": "lifespan.startup.complete"})
                elif message["type"] == "lifespan.shutdown":
                    await send({"type": "lifespan.shutdown.complete"})
                    return


        async def _barrier(expected, name):
            group = _groups.setdefault(name, {"count": 0, "event": asyncio.Event()})
            group["count"] += 1
            if group["count"] >= expected:
                group["event"].set()
            try:
                await asyncio.wait_for(group["event"].wait(), timeout=5)
            except asyncio.TimeoutError:
                pass
            return str(group["count"]).encode()


        async def app(scope, receive, send):
            if scope["type"] == "lifespan":
                return await _lifespan(receive, send)
            if scope["type"] != "http":
                return
            while (await receive()).get("more_body"):
                pass
            client = scope.get("client") or ("", 0)
            parts = scope["path"].strip("/").split("/")
            pairs = scope["query_string"].decode().split("&")
            query = dict(pair.split("=", 1) for pair in pairs if "=" in pair)
            status, body = 404, b"not found\\n"
            if len(parts) == 2 and parts[0] == "bytes" and parts[1].isdigit():
                status, body = 200, _pattern(int(parts[1]), int(query.get("seed", "0")))
            elif len(parts) == 2 and parts[0] == "barrier" and parts[1].isdigit():
                status, body = 200, await _barrier(int(parts[1]), query.get("group", ""))
            headers = [
                (b"content-type", b"application/octet-stream"),
                (b"content-length", str(len(body)).encode()),
                (b"x-client-port", str(client[1]).encode()),
                (b"x-http-version", scope["http_version"].encode()),
            ]
            await send({"type": "http.response.start", "status": status, "headers": headers})
            await send({"type": "http.response.body", "body": body})

        """
}
