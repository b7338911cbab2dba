"""HTML pages. Owned by the browser-client work (issue 4); this is the empty router it fills in."""
from fastapi import APIRouter

router = APIRouter()
