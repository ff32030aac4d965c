#!/usr/bin/python3
"""Reads `parley demo` through AT-SPI2 as a screen reader does (scripts/test-atspi runs it).

Finds the app on the registry's desktop, prints the tree of its window (role, name, actions),
finds a message by its text, sets the composer's text through EditableText, activates the
send button through its Action, and checks that the message appears in the tree and in the
store; then opens another channel through the channel list's Selection interface and checks
that the name change (object:property-change:accessible-name) and the rows' selection
(object:state-changed:selected) arrive as events. Exits 1 with the step that failed.
"""
import argparse
import sqlite3
import sys
import time

import pyatspi
from gi.repository import GLib

PHRASE = "ship RC1"


def fail(message):
    print(f"atspi-check: FAIL: {message}", file=sys.stderr)
    sys.exit(1)


def step(message):
    print(f"atspi-check: {message}", file=sys.stderr)


def find_app(pid, timeout):
    deadline = time.time() + timeout
    while time.time() < deadline:
        desktop = pyatspi.Registry.getDesktop(0)
        for index in range(desktop.childCount):
            app = desktop.getChildAtIndex(index)
            if app is None:
                continue
            try:
                if app.get_process_id() == pid:
                    return app
            except Exception:  # an app that went away while we asked
                continue
        time.sleep(0.3)
    return None


def walk(node, depth=0, out=None):
    """Every node under `node` (depth first) with its depth."""
    if out is None:
        out = []
    out.append((depth, node))
    for index in range(node.childCount):
        child = node.getChildAtIndex(index)
        if child is not None:
            walk(child, depth + 1, out)
    return out


def actions(node):
    try:
        action = node.queryAction()
    except NotImplementedError:
        return []
    return [action.getName(i) for i in range(action.nActions)]


def describe(node):
    name = node.name or ""
    if len(name) > 110:
        name = name[:107] + "..."
    line = f"[{node.getRoleName()}] {name!r}"
    names = actions(node)
    if names:
        line += f"  actions: {', '.join(names)}"
    if node.getRole() in (pyatspi.ROLE_TEXT, pyatspi.ROLE_ENTRY):
        line += f"  text: {node.queryText().getText(0, -1)!r}"
    return line


def fresh_tree(app):
    app.clearCache()
    return walk(app)


def wait_for(app, predicate, timeout, what):
    deadline = time.time() + timeout
    while time.time() < deadline:
        nodes = fresh_tree(app)
        found = [node for _, node in nodes if predicate(node)]
        if found:
            return found[0], nodes
        time.sleep(0.3)
    fail(f"no {what} in the tree after {timeout} s")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--app-pid", type=int, required=True)
    parser.add_argument("--db", required=True)
    arguments = parser.parse_args()

    app = find_app(arguments.app_pid, 60)
    if app is None:
        fail(f"the app (pid {arguments.app_pid}) did not join the AT-SPI desktop within 60 s")
    step(f"found the app {app.name!r} (toolkit {app.get_toolkit_name()}) on the desktop")

    def is_message(node):
        return node.getRole() == pyatspi.ROLE_LIST_ITEM and PHRASE in (node.name or "") and "Reply" in actions(node)

    message, nodes = wait_for(app, is_message, 30, f"message containing {PHRASE!r}")
    print("The tree of the channel screen, as pyatspi sees it:")
    for depth, node in nodes:
        print("  " * depth + describe(node))
    step(f"found the message by its text: {message.name!r}")
    if "Reply" not in actions(message):
        fail(f"the message has no Reply action (its actions: {actions(message)})")
    extents = message.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
    if extents.width <= 0 or extents.height <= 0:
        fail(f"the message has empty extents {extents}")

    composer = next((node for _, node in nodes
                     if node.getRole() == pyatspi.ROLE_TEXT and node.getState().contains(pyatspi.STATE_EDITABLE)), None)
    if composer is None:
        fail("no editable text (the composer) in the tree")
    text = f"Sent through AT-SPI at {time.strftime('%H:%M:%S')}"
    if not composer.queryEditableText().setTextContents(text):
        fail("the composer refused SetTextContents")
    if composer.queryText().getText(0, -1) != text:
        fail(f"the composer holds {composer.queryText().getText(0, -1)!r} after SetTextContents")
    step(f"set the composer's text to {text!r}")

    send, _ = wait_for(app, lambda node: node.getRole() == pyatspi.ROLE_PUSH_BUTTON and node.name == "Send"
                       and node.getState().contains(pyatspi.STATE_ENABLED), 5, "enabled Send button")
    if not send.queryAction().doAction(0):
        fail("the Send button's action failed")
    step("activated the Send button through its accessible action")

    sent, _ = wait_for(app, lambda node: node.getRole() == pyatspi.ROLE_LIST_ITEM and text in (node.name or "")
                       and "Reply" in actions(node), 15, f"message row {text!r}")
    step(f"the sent message is in the tree: {sent.name!r}")
    with sqlite3.connect(f"file:{arguments.db}?mode=ro", uri=True) as db:
        count = db.execute("SELECT count(*) FROM message WHERE text = ?", (text,)).fetchone()[0]
    if count != 1:
        fail(f"the store holds {count} messages with the sent text")
    step("the store holds the sent message")
    if composer.queryText().getText(0, -1) != "":
        fail("the composer was not emptied after sending")
    check_channel_change_events(app)
    print("atspi-check: passed")


def check_channel_change_events(app):
    """Selects another channel through the list's Selection and hears the change events."""
    heard = []

    def listener(event):
        data = event.any_data if isinstance(event.any_data, str) else ""
        if not data and event.type.startswith("object:property-change") and event.source is not None:
            data = event.source.name or ""  # the new name, read back
        heard.append((event.type, data, event.detail1))

    kinds = ("object:property-change:accessible-name", "object:state-changed:selected")
    pyatspi.Registry.registerEventListener(listener, *kinds)
    try:
        channels, _ = wait_for(app, lambda node: node.getRole() == pyatspi.ROLE_LIST and node.name == "Channels", 5, "channel list")
        selection = channels.querySelection()
        if selection.nSelectedChildren != 1:
            fail(f"the channel list has {selection.nSelectedChildren} selected rows, not the open channel's")
        selected = selection.getSelectedChild(0)
        rows = [channels.getChildAtIndex(i) for i in range(channels.childCount)]
        target = next((i for i, row in enumerate(rows) if row is not None and not selection.isChildSelected(i)), None)
        if target is None:
            fail("no other channel to open")
        title = (rows[target].name or "").split(", ")[0]
        step(f"the open channel is {(selected.name or '').split(', ')[0]!r}; selecting {title!r} through Selection")
        if not selection.selectChild(target):
            fail("the channel list refused SelectChild")
        context = GLib.MainContext.default()
        deadline = time.time() + 10
        names = []
        while time.time() < deadline:
            while context.iteration(False):
                pass
            names = [data for kind, data, _ in heard if kind == kinds[0]]
            selections = [detail for kind, _, detail in heard if kind.startswith(kinds[1])]
            if any(title in name for name in names) and 0 in selections and 1 in selections:
                break
            time.sleep(0.05)
        else:
            fail(f"no name change naming {title!r} and selection changes within 10 s (heard: {heard})")
        step(f"heard the name change {next(name for name in names if title in name)!r} and the selection changes")
        if not selection.isChildSelected(target):
            fail(f"{title!r} is not the selected channel after SelectChild")
    finally:
        pyatspi.Registry.deregisterEventListener(listener, *kinds)


if __name__ == "__main__":
    main()
