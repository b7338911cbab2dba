/* 3-High's legal moves and their targets as JSON text, in C: the same bytes as encoded.legal_json_py.
 *
 * The server sends the seat to act its legal moves after every move (about 90 plays, 3.7 KB of moves and
 * targets mid-game); joining them in Python took 34-47 us a position. This file walks the same plays in the
 * same order (card in hand, then the top pieces by square, then side N E S W) with the same landing test,
 * and copies the same pieces of text. The rules' tables and the texts are handed in by encoded.py from the
 * engine's own (position.move_tables, position.LANDS, encoded.MOVE_JSON and TARGET_JSON), so no rule and no
 * word is written twice here; tests/games/test_three_high_legal_json.py checks the bytes against the Python
 * on random positions of both settings. A position this file cannot hold returns None, and the caller
 * writes it in Python. Every call runs holding the GIL.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define SQUARES 64
#define PIECES 15
#define CARDS 32
#define ENTRIES (SQUARES * PIECES * CARDS)
#define MOVE_TEXTS 2048
#define TARGET_TEXTS (SQUARES * SQUARES)
#define MAX_HAND 64

static int moves_ready[2] = {0, 0};
static int32_t move_codes[2][ENTRIES][4];
static uint8_t move_count[2][ENTRIES];
static uint64_t move_dests[2][ENTRIES];

static PyObject *move_texts = NULL, *target_texts = NULL;  /* tuples of bytes, kept alive here */
static const char *move_ptr[MOVE_TEXTS], *target_ptr[TARGET_TEXTS];
static Py_ssize_t move_len[MOVE_TEXTS], target_len[TARGET_TEXTS];
static uint32_t lands[PIECES];  /* bit (top + 1): what may be on top of the square a piece moves to */
static int texts_ready = 0;

static PyObject *py_set_moves(PyObject *self, PyObject *args) {
    int zero;
    PyObject *codes, *dests;
    if (!PyArg_ParseTuple(args, "pOO", &zero, &codes, &dests)) return NULL;
    if (!PyTuple_Check(codes) || !PyTuple_Check(dests) || PyTuple_GET_SIZE(codes) != ENTRIES ||
        PyTuple_GET_SIZE(dests) != ENTRIES) {
        PyErr_SetString(PyExc_ValueError, "set_moves: the move tables' size is not 64 * 15 * 32");
        return NULL;
    }
    for (Py_ssize_t i = 0; i < ENTRIES; i++) {
        PyObject *entry = PyTuple_GET_ITEM(codes, i);
        Py_ssize_t n = PyTuple_Check(entry) ? PyTuple_GET_SIZE(entry) : -1;
        if (n < 0 || n > 4) {
            PyErr_SetString(PyExc_ValueError, "set_moves: an entry is not a tuple of at most 4 plays");
            return NULL;
        }
        move_count[zero][i] = (uint8_t)n;
        for (Py_ssize_t k = 0; k < n; k++) {
            long code = PyLong_AsLong(PyTuple_GET_ITEM(entry, k));
            if (code == -1 && PyErr_Occurred()) return NULL;
            move_codes[zero][i][k] = (int32_t)code;
        }
        uint64_t mask = PyLong_AsUnsignedLongLong(PyTuple_GET_ITEM(dests, i));
        if (mask == (uint64_t)-1 && PyErr_Occurred()) return NULL;
        move_dests[zero][i] = mask;
    }
    moves_ready[zero] = 1;
    Py_RETURN_NONE;
}

static PyObject *py_has_moves(PyObject *self, PyObject *args) {
    int zero;
    if (!PyArg_ParseTuple(args, "p", &zero)) return NULL;
    return PyBool_FromLong(moves_ready[zero]);
}

static int keep_texts(PyObject *texts, Py_ssize_t size, const char **ptr, Py_ssize_t *len) {
    if (!PyTuple_Check(texts) || PyTuple_GET_SIZE(texts) != size) {
        PyErr_SetString(PyExc_ValueError, "set_texts: a table of texts has the wrong size");
        return -1;
    }
    for (Py_ssize_t i = 0; i < size; i++) {
        PyObject *text = PyTuple_GET_ITEM(texts, i);
        if (!PyBytes_Check(text)) {
            PyErr_SetString(PyExc_TypeError, "set_texts: every text is bytes");
            return -1;
        }
        ptr[i] = PyBytes_AS_STRING(text);
        len[i] = PyBytes_GET_SIZE(text);
    }
    return 0;
}

static PyObject *py_set_texts(PyObject *self, PyObject *args) {
    PyObject *moves, *targets, *landing;
    if (!PyArg_ParseTuple(args, "OOO", &moves, &targets, &landing)) return NULL;
    if (keep_texts(moves, MOVE_TEXTS, move_ptr, move_len) < 0) return NULL;
    if (keep_texts(targets, TARGET_TEXTS, target_ptr, target_len) < 0) return NULL;
    if (!PyTuple_Check(landing) || PyTuple_GET_SIZE(landing) != PIECES) {
        PyErr_SetString(PyExc_ValueError, "set_texts: one landing mask per piece");
        return NULL;
    }
    for (int p = 0; p < PIECES; p++) {
        long mask = PyLong_AsLong(PyTuple_GET_ITEM(landing, p));
        if (mask == -1 && PyErr_Occurred()) return NULL;
        lands[p] = (uint32_t)mask;
    }
    Py_INCREF(moves);
    Py_INCREF(targets);
    Py_XDECREF(move_texts);
    Py_XDECREF(target_texts);
    move_texts = moves;
    target_texts = targets;
    texts_ready = 1;
    Py_RETURN_NONE;
}

/* "[" + pieces joined by "," + "]" of the chosen texts */
static PyObject *joined(const int *chosen, int n, const char **ptr, const Py_ssize_t *len) {
    Py_ssize_t size = 2 + (n > 0 ? n - 1 : 0);
    for (int i = 0; i < n; i++) size += len[chosen[i]];
    PyObject *out = PyBytes_FromStringAndSize(NULL, size);
    if (!out) return NULL;
    char *at = PyBytes_AS_STRING(out);
    *at++ = '[';
    for (int i = 0; i < n; i++) {
        if (i) *at++ = ',';
        memcpy(at, ptr[chosen[i]], (size_t)len[chosen[i]]);
        at += len[chosen[i]];
    }
    *at = ']';
    return out;
}

/* legal_json(allow_zero, hand, tops, top, occ) -> (moves, targets) or None */
static PyObject *py_legal_json(PyObject *self, PyObject *args) {
    int zero;
    PyObject *hand, *tops, *top_list, *occ_obj;
    if (!PyArg_ParseTuple(args, "pOOOO", &zero, &hand, &tops, &top_list, &occ_obj)) return NULL;
    /* anything but the State's own lists (a hand-built position): the caller writes it in Python */
    if (!PyList_Check(hand) || !PyList_Check(tops) || !PyList_Check(top_list)) Py_RETURN_NONE;
    if (!moves_ready[zero] || !texts_ready || PyList_GET_SIZE(top_list) != SQUARES) Py_RETURN_NONE;
    Py_ssize_t ncards = PyList_GET_SIZE(hand), ntops = PyList_GET_SIZE(tops);
    if (ncards > MAX_HAND || ntops > PIECES) Py_RETURN_NONE;
    uint64_t occ = PyLong_AsUnsignedLongLong(occ_obj);
    if (occ == (uint64_t)-1 && PyErr_Occurred()) {
        PyErr_Clear();
        Py_RETURN_NONE;
    }
    int top[SQUARES], squares[PIECES], pieces[PIECES], cards[MAX_HAND];
    for (int s = 0; s < SQUARES; s++) {
        long v = PyLong_AsLong(PyList_GET_ITEM(top_list, s));
        if (v < -1 || v >= PIECES) { PyErr_Clear(); Py_RETURN_NONE; }
        top[s] = (int)v;
    }
    for (Py_ssize_t t = 0; t < ntops; t++) {
        PyObject *pair = PyList_GET_ITEM(tops, t);
        if (!PyTuple_Check(pair) || PyTuple_GET_SIZE(pair) != 2) Py_RETURN_NONE;
        long square = PyLong_AsLong(PyTuple_GET_ITEM(pair, 0)), piece = PyLong_AsLong(PyTuple_GET_ITEM(pair, 1));
        if (square < 0 || square >= SQUARES || piece < 0 || piece >= PIECES) { PyErr_Clear(); Py_RETURN_NONE; }
        squares[t] = (int)square;
        pieces[t] = (int)piece;
    }
    for (Py_ssize_t c = 0; c < ncards; c++) {
        long card = PyLong_AsLong(PyList_GET_ITEM(hand, c));
        if (card < 0 || card >= CARDS) { PyErr_Clear(); Py_RETURN_NONE; }
        cards[c] = (int)card;
    }
    int chosen_moves[MAX_HAND * PIECES * 4], chosen_targets[MAX_HAND * PIECES * 4], n = 0;
    for (Py_ssize_t c = 0; c < ncards; c++) {
        for (Py_ssize_t t = 0; t < ntops; t++) {
            int square = squares[t], piece = pieces[t];
            int i = (square * PIECES + piece) * CARDS + cards[c];
            uint64_t dests = move_dests[zero][i];
            if (!dests) continue;  /* every play of this group leaves the board */
            int all = !(dests & occ);
            for (int k = 0; k < move_count[zero][i]; k++) {
                int32_t code = move_codes[zero][i][k];
                int dest = code >> 11;
                if (all || (lands[piece] >> (top[dest] + 1) & 1)) {
                    chosen_moves[n] = code & 2047;
                    chosen_targets[n] = square << 6 | dest;
                    n++;
                }
            }
        }
    }
    if (!n) return Py_BuildValue("(y#y#)", "[]", (Py_ssize_t)2, "[]", (Py_ssize_t)2);
    PyObject *moves = joined(chosen_moves, n, move_ptr, move_len);
    if (!moves) return NULL;
    PyObject *targets = joined(chosen_targets, n, target_ptr, target_len);
    if (!targets) { Py_DECREF(moves); return NULL; }
    PyObject *out = PyTuple_Pack(2, moves, targets);
    Py_DECREF(moves);
    Py_DECREF(targets);
    return out;
}

static PyMethodDef methods[] = {
    {"legal_json", py_legal_json, METH_VARARGS,
     "legal_json(allow_zero, hand, tops, top, occ) -> (moves, targets) as JSON bytes, or None."},
    {"set_moves", py_set_moves, METH_VARARGS, "set_moves(allow_zero, codes, dests): position.move_tables."},
    {"has_moves", py_has_moves, METH_VARARGS, "has_moves(allow_zero) -> bool."},
    {"set_texts", py_set_texts, METH_VARARGS,
     "set_texts(move_json, target_json, landing_masks): encoded.py's texts and position.LANDS as masks."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "_legal", NULL, -1, methods};

PyMODINIT_FUNC PyInit__legal(void) { return PyModule_Create(&module); }
