"""The server-sent events test peer: sse-starlette on Hypercorn (see SSEPeerServer.swift).

Routes:
- GET /events?count=N&per=P&delay=MS&retry=MS: events 1...N (after the Last-Event-ID header, when sent),
  each `event: tick`, `id: I`, `data: {"n": I}`, MS milliseconds apart; the stream ends after P events
  (default: all); 204 once every event was sent (a reconnection after the last one).
- GET /multiline: one event whose data has three lines, and a comment.
- GET /plain: a JSON body, not an event stream.
"""

import asyncio
import json

from sse_starlette.sse import EventSourceResponse
from starlette.applications import Starlette
from starlette.responses import JSONResponse, Response
from starlette.routing import Route


async def events(request):
    count = int(request.query_params.get("count", "3"))
    delay = int(request.query_params.get("delay", "0")) / 1000
    retry = request.query_params.get("retry")
    first = int(request.headers.get("last-event-id", "0")) + 1
    last = min(count, first + int(request.query_params.get("per", str(count))) - 1)
    if first > count:
        return Response(status_code=204)

    async def stream():
        for number in range(first, last + 1):
            if delay:
                await asyncio.sleep(delay)
            event = {"event": "tick", "id": str(number), "data": json.dumps({"n": number})}
            if retry is not None and number == first:
                event["retry"] = int(retry)
            yield event

    return EventSourceResponse(stream(), ping=3600)


async def multiline(request):
    async def stream():
        yield {"comment": "a comment"}
        yield {"event": "poem", "data": "one\ntwo\nthree"}

    return EventSourceResponse(stream(), ping=3600)


async def plain(request):
    return JSONResponse({"not": "events"})


app = Starlette(
    routes=[Route("/events", events), Route("/multiline", multiline), Route("/plain", plain)]
)
