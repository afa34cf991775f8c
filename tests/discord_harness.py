"""Drive the real bot offline through discord.py's own dispatch (see shared/testing-discord.md).

- The two places discord.py talks HTTP are replaced by a recorder; aiohttp is blocked outright.
- ``bot.login`` runs for real (setup_hook: store, cogs, dynamic items).
- Gateway events go straight into the connection's parsers; we then wait for discord.py's tasks.
- Everything the bot sends is recorded and checked against Discord's limits, so a response
  Discord would reject fails the test.
"""

from __future__ import annotations

import asyncio
import dataclasses
import itertools
import logging
from dataclasses import dataclass, field
from typing import Any

import aiohttp
import discord
import discord.http
import discord.webhook.async_
from discord.utils import _from_json  # orjson when installed, as the bot parses

APP_ID = 900_000_000_000_000_001
BOT_ID = 900_000_000_000_000_002
GUILD_ID = 900_000_000_000_000_003
CHANNEL_ID = 900_000_000_000_000_004
TIMESTAMP = "2026-11-22T00:00:00+00:00"
ALL_PERMISSIONS = str((1 << 50) - 1)
DEFAULT_PERMISSIONS = str(0x400 | 0x800 | 0x80000000)  # view channel, send messages, use commands

CONTENT_LIMIT = 2000
CUSTOM_ID_LIMIT = 100
OPTIONS_LIMIT = 25
CHOICES_LIMIT = 25
ROWS_LIMIT = 5
ROW_WIDTH = 5
ATTACHMENT_LIMIT = 10 * 1024 * 1024
LABEL_LIMIT = 80
OPTION_LABEL_LIMIT = 100

_ids = itertools.count(1_000_000_000_000_000_000)


@dataclass(frozen=True)
class Upload:
    """A file given to an ATTACHMENT option of a slash command (``size`` as Discord reports
    it; by default the data's length). The bot downloads it from the harness's fake CDN."""

    filename: str
    data: bytes
    size: int | None = None


def snowflake() -> str:
    return str(next(_ids))


def user_payload(uid: int, name: str, bot: bool = False) -> dict[str, Any]:
    return {
        "id": str(uid),
        "username": name,
        "global_name": name,
        "discriminator": "0",
        "avatar": None,
        "bot": bot,
        "public_flags": 0,
    }


@dataclass
class Sent:
    """One message (or autocomplete answer) the bot sent."""

    kind: str  # response, followup, channel, autocomplete, defer
    content: str = ""
    ephemeral: bool = False
    components: list[dict[str, Any]] = field(default_factory=list)
    files: list[tuple[str, bytes]] = field(default_factory=list)
    choices: list[dict[str, Any]] = field(default_factory=list)
    embeds: list[dict[str, Any]] = field(default_factory=list)
    message_id: int = 0
    channel_id: int = 0
    pinged: list[int] = field(default_factory=list)  # users the message may notify
    edits: int = 0  # how many times the bot edited this message since it was sent

    def custom_ids(self) -> list[str]:
        return [
            c["custom_id"]
            for row in self.components
            for c in row.get("components", [])
            if "custom_id" in c
        ]

    def buttons(self) -> list[tuple[str, str]]:
        return [
            (c.get("label", ""), c["custom_id"])
            for row in self.components
            for c in row.get("components", [])
            if c.get("type") == 2
        ]

    def button(self, label_part: str) -> str:
        for label, cid in self.buttons():
            if label_part.lower() in label.lower():
                return cid
        raise AssertionError(f"no button like {label_part!r} in {self.buttons()}")

    def select(self) -> dict[str, Any] | None:
        found = self.selects()
        return found[0] if found else None

    def selects(self) -> list[dict[str, Any]]:
        """Every select menu on the message, top to bottom."""
        return [
            c for row in self.components for c in row.get("components", []) if c.get("type") == 3
        ]

    def message_payload(self) -> dict[str, Any]:
        return {
            "id": str(self.message_id),
            "channel_id": str(self.channel_id),
            "type": 0,
            "content": self.content,
            "author": user_payload(BOT_ID, "wargame-gm", True),
            "attachments": [],
            "embeds": [],
            "mentions": [],
            "mention_roles": [],
            "pinned": False,
            "mention_everyone": False,
            "tts": False,
            "timestamp": TIMESTAMP,
            "edited_timestamp": None,
            "flags": 64 if self.ephemeral else 0,
            "components": self.components,
        }


class Violation(AssertionError):
    pass


def check_limits(data: dict[str, Any], files: list[tuple[str, bytes]]) -> None:
    """Refuse what Discord would refuse."""
    content = data.get("content") or ""
    if len(content) > CONTENT_LIMIT:
        raise Violation(f"content is {len(content)} characters (limit {CONTENT_LIMIT})")
    rows = data.get("components") or []
    if len(rows) > ROWS_LIMIT:
        raise Violation(f"{len(rows)} action rows (limit {ROWS_LIMIT})")
    for row in rows:
        comps = row.get("components", [])
        if len(comps) > ROW_WIDTH:
            raise Violation(f"{len(comps)} components in a row (limit {ROW_WIDTH})")
        for c in comps:
            cid = c.get("custom_id", "")
            if len(cid) > CUSTOM_ID_LIMIT:
                raise Violation(f"custom_id {cid!r} is over {CUSTOM_ID_LIMIT} characters")
            if len(c.get("label") or "") > LABEL_LIMIT:
                raise Violation(f"button label {c['label']!r} is over {LABEL_LIMIT} characters")
            opts = c.get("options") or []
            if len(opts) > OPTIONS_LIMIT:
                raise Violation(f"select with {len(opts)} options (limit {OPTIONS_LIMIT})")
            for o in opts:
                if not 1 <= len(o.get("label", "")) <= OPTION_LABEL_LIMIT:
                    raise Violation(f"option label {o.get('label')!r} must be 1-100 chars")
    choices = data.get("choices")
    if choices is not None:
        if len(choices) > CHOICES_LIMIT:
            raise Violation(f"{len(choices)} autocomplete choices (limit {CHOICES_LIMIT})")
        for ch in choices:
            if not 1 <= len(ch["name"]) <= 100 or len(str(ch["value"])) > 100:
                raise Violation(f"autocomplete choice {ch!r} breaks the 1-100 character rule")
    total = sum(len(b) for _, b in files)
    if total > ATTACHMENT_LIMIT:
        raise Violation(f"attachments total {total} bytes (limit {ATTACHMENT_LIMIT})")


class Harness:
    def __init__(self, bot: discord.Client) -> None:
        self.bot = bot
        self.sent: list[Sent] = []
        self.violations: list[str] = []
        self.errors: list[logging.LogRecord] = []
        self.threads: list[int] = []
        self.deleted: list[int] = []  # channels (threads) the bot deleted
        self.archived: list[int] = []
        self.users: dict[int, str] = {}
        self._channel_of: dict[str, int] = {}
        self.messages: dict[int, Sent] = {}  # every message sent, by id (edits change them)
        self.touched: list[tuple[str, Sent]] = []  # ("sent" | "edit", message) in order
        self.uploaded = 0  # bytes of files sent, with messages and edits
        self.shown: list[str] = []  # every public text as posted or edited, in order
        self._message_of: dict[str, int] = {}  # interaction -> the message it was made from
        self._original: dict[str, int] = {}  # interaction -> its original response message
        self.last_edits: list[Sent] = []  # the messages the last interaction edited
        self.cdn: dict[str, bytes] = {}  # uploaded files by URL (Attachment.read fetches them)
        self.downloads: list[str] = []  # the URLs the bot fetched

    # ---- the fake Discord ----
    @staticmethod
    def _files(files: Any) -> list[tuple[str, bytes]]:
        out = []
        for f in files or []:
            f.fp.seek(0)
            out.append((f.filename, f.fp.read()))
            f.fp.seek(0)
        return out

    def _record(
        self, kind: str, data: dict[str, Any], files: list[tuple[str, bytes]], channel_id: int
    ) -> Sent:
        try:
            check_limits(data, files)
        except Violation as e:
            self.violations.append(str(e))
            raise
        sent = Sent(
            kind=kind,
            content=data.get("content") or "",
            ephemeral=bool((data.get("flags") or 0) & 64),
            components=data.get("components") or [],
            files=files,
            choices=data.get("choices") or [],
            embeds=data.get("embeds") or [],
            message_id=int(snowflake()),
            channel_id=channel_id,
            pinged=[int(u) for u in (data.get("allowed_mentions") or {}).get("users") or []],
        )
        self.sent.append(sent)
        self.messages[sent.message_id] = sent
        self.touched.append(("sent", sent))
        if not sent.ephemeral and sent.content:
            self.shown.append(sent.content)
        self.uploaded += sum(len(b) for _, b in files)
        return sent

    def _edit(self, message_id: int, data: dict[str, Any], files: list[tuple[str, bytes]]) -> Sent:
        """An edit of a message the bot sent: what Discord would keep of it."""
        check_limits(data, files)
        msg = self.messages.get(message_id)
        if msg is None:  # a message this harness did not record (a forged click's): Discord
            # would edit it all the same
            msg = Sent(kind="channel", message_id=message_id)
            self.messages[message_id] = msg
        if "content" in data:
            msg.content = data.get("content") or ""
        if "components" in data:
            msg.components = data.get("components") or []
        if files or "attachments" in data:
            msg.files = files
        msg.edits += 1
        self.touched.append(("edit", msg))
        if not msg.ephemeral and "content" in data:
            self.shown.append(msg.content)
        self.uploaded += sum(len(b) for _, b in files)
        return msg

    @staticmethod
    def _payload(form: Any, kwargs: dict[str, Any]) -> dict[str, Any]:
        data = kwargs.get("json") or kwargs.get("payload") or {}
        for part in form or []:
            if part.get("name") == "payload_json":
                data = _from_json(part["value"])
        return dict(data)

    async def http_request(
        self, route: Any, *, files: Any = None, form: Any = None, **kwargs: Any
    ) -> Any:
        method, path = route.method, route.path
        if path == "/users/@me":
            return user_payload(BOT_ID, "wargame-gm", True)
        if path == "/oauth2/applications/@me":
            return {
                "id": str(APP_ID),
                "name": "wargame-gm",
                "icon": None,
                "description": "",
                "rpc_origins": [],
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": user_payload(1, "owner"),
                "verify_key": "k",
                "flags": 0,
                "team": None,
                "summary": "",
            }
        if method == "POST" and path == "/channels/{channel_id}/threads":
            tid = int(snowflake())
            self.threads.append(tid)
            body = kwargs.get("json") or {}
            thread = {
                "id": str(tid),
                "type": 11,
                "guild_id": str(GUILD_ID),
                "name": body.get("name", "thread"),
                "parent_id": str(route.channel_id),
                "owner_id": str(BOT_ID),
                "member_count": 1,
                "message_count": 0,
                "thread_metadata": {
                    "archived": False,
                    "auto_archive_duration": 1440,
                    "archive_timestamp": TIMESTAMP,
                    "locked": False,
                },
            }
            self.bot._connection.parsers["THREAD_CREATE"](dict(thread, newly_created=True))
            return thread
        if method == "GET" and path == "/applications/{application_id}/commands":
            return []  # no commands synced in the offline harness (so no ids to mention)
        if method == "PATCH" and path == "/channels/{channel_id}/messages/{message_id}":
            data = self._payload(form, kwargs)
            message_id = int(route.url.rsplit("/", 1)[-1])
            return self._edit(message_id, data, self._files(files)).message_payload()
        if method == "PATCH" and path == "/channels/{channel_id}":
            body = kwargs.get("json") or {}
            if body.get("archived"):
                self.archived.append(int(route.channel_id))
            return {
                "id": str(route.channel_id),
                "type": 11,
                "guild_id": str(GUILD_ID),
                "name": "thread",
                "parent_id": str(CHANNEL_ID),
                "owner_id": str(BOT_ID),
                "member_count": 3,
                "message_count": 1,
                "thread_metadata": {
                    "archived": bool(body.get("archived")),
                    "auto_archive_duration": 10080,
                    "archive_timestamp": TIMESTAMP,
                    "locked": False,
                },
            }
        if method == "DELETE" and path == "/channels/{channel_id}":  # a thread deleted
            self.deleted.append(int(route.channel_id))
            return {"id": str(route.channel_id), "type": 11, "guild_id": str(GUILD_ID)}
        if method == "POST" and path == "/channels/{channel_id}/messages":
            data = kwargs.get("json") or {}
            for part in form or []:
                if part.get("name") == "payload_json":
                    data = _from_json(part["value"])
            sent = self._record("channel", data, self._files(files), int(route.channel_id))
            return sent.message_payload()
        raise AssertionError(f"unexpected REST call {method} {path}")

    async def webhook_request(
        self,
        route: Any,
        session: Any,
        *,
        payload: Any = None,
        multipart: Any = None,
        files: Any = None,
        params: Any = None,
        **kwargs: Any,
    ) -> Any:
        data = payload
        for part in multipart or []:
            if part.get("name") == "payload_json":
                data = _from_json(part["value"])
        data = data or {}
        got = self._files(files)
        if route.path.endswith("/callback"):
            rtype = data.get("type")
            body = data.get("data") or {}
            iid = str(route.webhook_id)
            channel = self._channel_of.get(iid, CHANNEL_ID)
            if rtype == 8:
                self._record("autocomplete", body, [], channel)
                return {"interaction": {"id": iid, "type": 4}}
            if rtype in (5, 6):
                self.sent.append(Sent(kind="defer", channel_id=channel))
                if rtype == 6 and iid in self._message_of:
                    self._original[iid] = self._message_of[iid]
                return {
                    "interaction": {"id": iid, "type": 3, "response_message_loading": rtype == 5}
                }
            if rtype == 7:  # the clicked message itself, edited
                edited = self._edit(self._message_of[iid], body, got)
                self._original[iid] = edited.message_id
                return {
                    "interaction": {"id": iid, "type": 3},
                    "resource": {"type": rtype, "message": edited.message_payload()},
                }
            sent = self._record("response", body, got, channel)
            self._original[iid] = sent.message_id
            return {
                "interaction": {
                    "id": iid,
                    "type": 2,
                    "response_message_id": str(sent.message_id),
                    "response_message_loading": False,
                    "response_message_ephemeral": sent.ephemeral,
                },
                "resource": {"type": rtype, "message": sent.message_payload()},
            }
        if route.method == "POST":  # a followup
            iid = self._interaction_of_token(route)
            channel = self._channel_of.get(iid, CHANNEL_ID)
            return self._record("followup", data, got, channel).message_payload()
        if route.method == "PATCH" and route.path.endswith("/messages/@original"):
            iid = self._interaction_of_token(route)
            return self._edit(self._original[iid], data, got).message_payload()
        raise AssertionError(f"unexpected webhook call {route.method} {route.path}")

    @staticmethod
    def _interaction_of_token(route: Any) -> str:
        token = str(route.webhook_token)
        return token[len("token-") :] if token.startswith("token-") else token

    def live_message(self, channel: int) -> Sent:
        """The live game message: the newest public message in ``channel`` with the board."""
        for msg in reversed(self.sent):
            if (
                msg.channel_id == channel
                and not msg.ephemeral
                and msg.files[:1]
                and msg.files[0][0].endswith(".png")
            ):
                return msg
        raise AssertionError(f"no game message in channel {channel}")

    # ---- feeding events ----
    def guild_create(self, members: dict[int, str]) -> None:
        self.users.update(members)
        everyone = {
            "id": str(GUILD_ID),
            "name": "@everyone",
            "permissions": DEFAULT_PERMISSIONS,
            "position": 0,
            "color": 0,
            "hoist": False,
            "managed": False,
            "mentionable": False,
        }
        people = {**members, BOT_ID: "wargame-gm"}
        data = {
            "id": str(GUILD_ID),
            "name": "Test Table",
            "icon": None,
            "owner_id": "1",
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": [everyone],
            "emojis": [],
            "features": [],
            "mfa_level": 0,
            "system_channel_flags": 0,
            "premium_tier": 0,
            "preferred_locale": "en-US",
            "nsfw_level": 0,
            "member_count": len(people),
            "unavailable": False,
            "large": False,
            "channels": [
                {
                    "id": str(CHANNEL_ID),
                    "type": 0,
                    "name": "games",
                    "position": 0,
                    "guild_id": str(GUILD_ID),
                    "permission_overwrites": [],
                }
            ],
            "threads": [],
            "voice_states": [],
            "presences": [],
            "stickers": [],
            "members": [
                {
                    "user": user_payload(uid, name, uid == BOT_ID),
                    "roles": [],
                    "joined_at": TIMESTAMP,
                    "deaf": False,
                    "mute": False,
                    "flags": 0,
                }
                for uid, name in people.items()
            ],
        }
        self.bot._connection.parsers["GUILD_CREATE"](data)

    def _base(
        self,
        itype: int,
        data: dict[str, Any],
        user: int,
        channel: int,
        manage: bool = False,
        message: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        is_thread = channel in self.threads
        perms = ALL_PERMISSIONS if manage else DEFAULT_PERMISSIONS
        iid = snowflake()
        self._channel_of[iid] = channel
        chan: dict[str, Any] = {
            "id": str(channel),
            "type": 11 if is_thread else 0,
            "name": "games",
            "position": 0,
            "guild_id": str(GUILD_ID),
            "permission_overwrites": [],
            "permissions": perms,
        }
        if is_thread:
            chan["parent_id"] = str(CHANNEL_ID)
            chan["owner_id"] = str(BOT_ID)
            chan["member_count"] = 3
            chan["message_count"] = 1
            chan["thread_metadata"] = {
                "archived": False,
                "auto_archive_duration": 1440,
                "archive_timestamp": TIMESTAMP,
                "locked": False,
            }
        payload: dict[str, Any] = {
            "id": iid,
            "application_id": str(APP_ID),
            "type": itype,
            "data": data,
            "token": f"token-{iid}",
            "version": 1,
            "attachment_size_limit": ATTACHMENT_LIMIT,
            "guild_id": str(GUILD_ID),
            "channel_id": str(channel),
            "channel": chan,
            "member": {
                "user": user_payload(user, self.users.get(user, f"user{user}")),
                "roles": [],
                "flags": 0,
                "joined_at": TIMESTAMP,
                "permissions": perms,
                "deaf": False,
                "mute": False,
            },
            "app_permissions": ALL_PERMISSIONS,
            "locale": "en-US",
            "guild_locale": "en-US",
            "entitlements": [],
            "context": 0,
            "authorizing_integration_owners": {"0": str(GUILD_ID)},
        }
        if message is not None:
            payload["message"] = message
            self._message_of[iid] = int(message["id"])
        return payload

    async def settle(self) -> None:
        prefixes = ("CommandTree-invoker", "discord-ui-", "discord.py: ")
        for _ in range(200):
            pending = [
                t
                for t in asyncio.all_tasks()
                if t is not asyncio.current_task()
                and not t.done()
                and t.get_name().startswith(prefixes)
            ]
            if not pending:
                return
            await asyncio.wait(pending, timeout=10)
        raise AssertionError("discord.py tasks did not finish")

    def feed(self, payload: dict[str, Any]) -> None:
        self.bot._connection.parsers["INTERACTION_CREATE"](payload)

    async def _feed(self, payload: dict[str, Any]) -> list[Sent]:
        before, touched = len(self.sent), len(self.touched)
        self.feed(payload)
        await self.settle()
        edited = [m for kind, m in self.touched[touched:] if kind == "edit"]
        self.last_edits = edited
        # An edit is reported as a snapshot of the message as edited (kind "edit").
        return self.sent[before:] + [dataclasses.replace(m, kind="edit") for m in edited]

    @staticmethod
    def _options(options: dict[str, Any], focused: str | None = None) -> list[dict[str, Any]]:
        out = []
        for name, value in options.items():
            t = 5 if isinstance(value, bool) else 4 if isinstance(value, int) else 3
            opt: dict[str, Any] = {"type": t, "name": name, "value": value}
            if name == focused:
                opt["focused"] = True
            out.append(opt)
        return out

    def command_data(
        self,
        name: str,
        options: dict[str, Any],
        focused: str | None = None,
        users: dict[str, int] | None = None,
    ) -> dict[str, Any]:
        parts = name.split()
        uploads = {k: v for k, v in options.items() if isinstance(v, Upload)}
        leaf = self._options({k: v for k, v in options.items() if k not in uploads}, focused)
        resolved: dict[str, Any] = {}
        for opt_name, up in uploads.items():
            aid = snowflake()
            url = f"https://cdn.example/attachments/{aid}/{up.filename}"
            self.cdn[url] = up.data
            leaf.append({"type": 11, "name": opt_name, "value": aid})
            resolved.setdefault("attachments", {})[aid] = {
                "id": aid,
                "filename": up.filename,
                "size": len(up.data) if up.size is None else up.size,
                "url": url,
                "proxy_url": url,
            }
        for opt_name, uid in (users or {}).items():
            leaf.append({"type": 6, "name": opt_name, "value": str(uid)})
            resolved.setdefault("users", {})[str(uid)] = user_payload(
                uid, self.users.get(uid, f"user{uid}"), uid == BOT_ID
            )
            resolved.setdefault("members", {})[str(uid)] = {
                "roles": [],
                "joined_at": TIMESTAMP,
                "deaf": False,
                "mute": False,
                "flags": 0,
                "permissions": DEFAULT_PERMISSIONS,
            }
        opts = leaf if len(parts) == 1 else [{"type": 1, "name": parts[1], "options": leaf}]
        data: dict[str, Any] = {"id": snowflake(), "name": parts[0], "type": 1, "options": opts}
        if resolved:
            data["resolved"] = resolved
        return data

    def slash_payload(
        self,
        user: int,
        command: str,
        channel: int = CHANNEL_ID,
        users: dict[str, int] | None = None,
        manage: bool = False,
        **options: Any,
    ) -> dict[str, Any]:
        return self._base(
            2, self.command_data(command, options, users=users), user, channel, manage
        )

    async def slash(
        self,
        user: int,
        command: str,
        channel: int = CHANNEL_ID,
        users: dict[str, int] | None = None,
        manage: bool = False,
        **options: Any,
    ) -> Sent:
        got = await self._feed(self.slash_payload(user, command, channel, users, manage, **options))
        replies = [s for s in got if s.kind in ("response", "followup")]
        assert replies, f"/{command} sent no reply"
        return replies[-1]

    async def autocomplete(
        self, user: int, command: str, focused: str, channel: int = CHANNEL_ID, **options: Any
    ) -> list[dict[str, Any]]:
        got = await self._feed(
            self._base(4, self.command_data(command, options, focused), user, channel)
        )
        answers = [s for s in got if s.kind == "autocomplete"]
        assert answers, f"no autocomplete answer for /{command} {focused}"
        return answers[-1].choices

    def click_payload(
        self, user: int, message: Sent, custom_id: str, values: list[str] | None = None
    ) -> dict[str, Any]:
        assert custom_id in message.custom_ids(), f"{custom_id} is not on that message"
        data: dict[str, Any] = {
            "custom_id": custom_id,
            "component_type": 3 if values is not None else 2,
        }
        if values is not None:
            data["values"] = values
        return self._base(
            3, data, user, message.channel_id or CHANNEL_ID, message=message.message_payload()
        )

    async def click(
        self, user: int, message: Sent, custom_id: str, values: list[str] | None = None
    ) -> Sent:
        got = await self._feed(self.click_payload(user, message, custom_id, values))
        replies = [
            self.messages[s.message_id] if s.kind == "edit" else s
            for s in got
            if s.kind in ("response", "followup", "edit")
        ]
        assert replies, f"click on {custom_id} sent no reply"
        return replies[-1]


class ErrorCatcher(logging.Handler):
    def __init__(self, sink: list[logging.LogRecord]) -> None:
        super().__init__(logging.ERROR)
        self.sink = sink

    def emit(self, record: logging.LogRecord) -> None:
        self.sink.append(record)


async def _no_network(*args: Any, **kwargs: Any) -> Any:
    raise AssertionError("a test tried to reach the network")


def install(monkeypatch: Any, harness: Harness) -> ErrorCatcher:
    async def http(self: Any, route: Any, **kw: Any) -> Any:
        return await harness.http_request(route, **kw)

    async def hook(self: Any, route: Any, session: Any, **kw: Any) -> Any:
        return await harness.webhook_request(route, session, **kw)

    async def cdn(self: Any, url: str) -> bytes:
        harness.downloads.append(url)
        if url not in harness.cdn:
            raise AssertionError(f"the bot fetched an unknown file {url}")
        return harness.cdn[url]

    monkeypatch.setattr(discord.http.HTTPClient, "request", http)
    monkeypatch.setattr(discord.http.HTTPClient, "get_from_cdn", cdn)
    monkeypatch.setattr(discord.webhook.async_.AsyncWebhookAdapter, "request", hook)
    monkeypatch.setattr(aiohttp.ClientSession, "_request", _no_network)
    catcher = ErrorCatcher(harness.errors)
    for name in ("discord", "wargame"):
        logging.getLogger(name).addHandler(catcher)
    return catcher
