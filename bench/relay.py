"""The baseline of bench.ws: a bare FastAPI WebSocket relay, no rules, no storage.

`uvicorn bench.relay:app`: every text a socket of group G sends is sent to every socket of group G.
"""
from __future__ import annotations

from fastapi import FastAPI, WebSocket, WebSocketDisconnect

app = FastAPI()
GROUPS: dict[str, set[WebSocket]] = {}


@app.websocket("/ws/{group}")
async def relay(websocket: WebSocket, group: str) -> None:
    await websocket.accept()
    members = GROUPS.setdefault(group, set())
    members.add(websocket)
    try:
        while True:
            text = await websocket.receive_text()
            for other in list(members):
                await other.send_text(text)
    except WebSocketDisconnect:
        pass
    finally:
        members.discard(websocket)
