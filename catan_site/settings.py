"""Settings from the environment, with embedded defaults.

Embedded default: SQLite (WAL) in ./data, in-memory channel layer, one daphne process.
Venue: DATABASE_URL (PostgreSQL) and REDIS_URL (Redis channel layer), several processes.
"""
import os
import secrets
import tempfile
from pathlib import Path

import dj_database_url
from csp.constants import NONCE, NONE, SELF
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent
DATA_DIR = Path(os.environ.get("CATAN_DATA_DIR", BASE_DIR / "data"))
DATA_DIR.mkdir(parents=True, exist_ok=True)


def _secret_key() -> str:
    """Use SECRET_KEY from the environment, else a random one kept in the data folder."""
    if os.environ.get("SECRET_KEY"):
        return os.environ["SECRET_KEY"]
    key_file = DATA_DIR / "secret_key"
    if not key_file.exists():
        key_file.write_text(secrets.token_urlsafe(50))
        key_file.chmod(0o600)
    return key_file.read_text().strip()


SECRET_KEY = _secret_key()
DEBUG = os.environ.get("DEBUG", "0") == "1"
# A table server on a home or café network is reached by whatever LAN address it has.
ALLOWED_HOSTS = [h for h in os.environ.get("ALLOWED_HOSTS", "*").split(",") if h]
CSRF_TRUSTED_ORIGINS = [o for o in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if o]

INSTALLED_APPS = [
    "daphne",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.staticfiles",
    "django_htmx",
    "channels",
    "companion",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    # Inside the CSP middleware (it adds the page's own websocket origin to the policy) and
    # outside the session and CSRF ones (it makes their cookies Secure over HTTPS).
    "companion.web.middleware.ForwardedHeadersMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "companion.web.middleware.ServiceUnavailableMiddleware",
]

ROOT_URLCONF = "catan_site.urls"
ASGI_APPLICATION = "catan_site.asgi.application"

def _layer_templates() -> list[Path]:
    """Each layer package's own partials (its templates folder), in composition order."""
    from companion.layers import PACKAGES  # pure rules: nothing of Django is imported

    folders = (Path(package.__file__).resolve().parent / "templates" for package in PACKAGES)
    return [folder for folder in folders if folder.is_dir()]


TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates", *_layer_templates()],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
            ],
        },
    },
]

DATABASE_URL = os.environ.get("DATABASE_URL", "")
# HTTP requests run on this many long-lived threads (catan_site/request_threads.py), so
# each keeps its database connection: a process holds at most this many, plus one for the
# websockets and one per in-process dice reader.
REQUEST_THREADS = int(os.environ.get("REQUEST_THREADS", "4"))
if DATABASE_URL:
    DATABASES = {"default": dj_database_url.parse(DATABASE_URL, conn_max_age=600, conn_health_checks=True)}
    # A database that is down answers "unavailable" within seconds instead of hanging.
    DATABASES["default"].setdefault("OPTIONS", {})["connect_timeout"] = 3
else:
    DATABASES = {
        "default": {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": os.environ.get("SQLITE_PATH", str(DATA_DIR / "catan.sqlite3")),
            "OPTIONS": {
                "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
                "transaction_mode": "IMMEDIATE",
                "timeout": 20,
            },
            "CONN_MAX_AGE": 600,
            # A file, not shared-cache memory: threads (the dice reader) then wait for
            # a lock instead of failing with "table is locked".
            # Fresh per run: an old test database's WAL files would corrupt a new one.
            "TEST": {"NAME": os.path.join(tempfile.gettempdir(), f"catan-test-{os.getpid()}.sqlite3")},
        }
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = os.environ.get("REDIS_URL", "")
if REDIS_URL:
    # pubsub: "game changed" goes out as one Redis PUBLISH per group, no per-socket lists;
    # core: channels_redis's list-based layer. Chosen by the venue benchmark (docs/benchmarks.md).
    REDIS_LAYER = os.environ.get("CATAN_REDIS_LAYER", "pubsub")
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": {"pubsub": "channels_redis.pubsub.RedisPubSubChannelLayer"}.get(
                REDIS_LAYER, "channels_redis.core.RedisChannelLayer"),
            # redis-py 8 reads with a 5 s timeout by default, exactly channels_redis's 5 s
            # blocking pop: a longer read timeout keeps idle consumers from crashing.
            "CONFIG": {"hosts": [{"address": REDIS_URL, "socket_timeout": 15}]},
        }
    }
    # Shared by every process: the join rate limit counts across the whole venue.
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": REDIS_URL,
                          "KEY_PREFIX": "catan"}}
else:
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}

# Join links carry 43 random characters; still, a client that keeps trying wrong ones is
# slowed down: this many misses per address within JOIN_FAILURE_WINDOW seconds, then 429.
JOIN_FAILURES_ALLOWED = int(os.environ.get("CATAN_JOIN_FAILURES", "10"))
JOIN_FAILURE_WINDOW = 600
# Behind nginx every client has the proxy's address: trust its X-Real-IP header then, and
# the forwarded headers at all, only from these addresses (none in the embedded default:
# a client could otherwise name any address, dodge the join limit or lock another phone out).
TRUSTED_PROXIES = [a.strip() for a in os.environ.get("CATAN_TRUSTED_PROXIES", "").split(",") if a.strip()]
BEHIND_PROXY = os.environ.get("CATAN_BEHIND_PROXY", "") == "1" and bool(TRUSTED_PROXIES)
# A request that reached the proxy over HTTPS is secure (cookies Secure, CSRF checks the
# https origin); companion.web.middleware drops the header from anyone but a trusted proxy.
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https") if TRUSTED_PROXIES else None
# Sent over HTTPS only (companion.web.middleware), not by Django's SecurityMiddleware on every
# response: over plain HTTP on the local network the browser ignores it with a console error.
SECURE_CROSS_ORIGIN_OPENER_POLICY = None
CROSS_ORIGIN_OPENER_POLICY = "same-origin"

# Content-Security-Policy on every response: scripts and styles from this site only (an
# inline script needs the response's nonce), nothing framed, no plugins, no eval: htmx
# runs with allowEval off (templates/base.html's htmx-config, which also turns off its
# inline indicator styles); the board's targets answer the Enter key in static/app.js
# rather than through an htmx trigger filter, which htmx would evaluate.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF, NONCE],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],  # and the page's own ws:/wss: origin (older Safari): the middleware
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    },
}

# Sessions live in signed cookies-free DB rows so a seat binding survives restarts.
SESSION_ENGINE = "django.contrib.sessions.backends.db"
SESSION_COOKIE_AGE = 60 * 60 * 24 * 30
SESSION_COOKIE_SAMESITE = "Lax"

LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("pl", _("Polish"))]
# Each layer package keeps the words of its own strings beside them (companion/layers/<name>/locale).
LOCALE_PATHS = [BASE_DIR / "companion" / "locale", BASE_DIR / "companion" / "rulebook" / "locale",
                *sorted((BASE_DIR / "companion" / "layers").glob("**/locale"))]
USE_I18N = True
USE_TZ = True
TIME_ZONE = "UTC"

STATIC_URL = "/static/"
STATIC_ROOT = DATA_DIR / "static"
STATIC_ROOT.mkdir(exist_ok=True)


def _layer_static() -> list[Path]:
    """Each layer package's own static files (its static/<package>/ styles), in composition order."""
    from companion.layers import PACKAGES  # pure rules: nothing of Django is imported

    folders = (Path(package.__file__).resolve().parent / "static" for package in PACKAGES)
    return [folder for folder in folders if folder.is_dir()]


STATICFILES_DIRS = [BASE_DIR / "static", *_layer_static()]
WHITENOISE_USE_FINDERS = True

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}

# The embedded default runs the dice readers inside `serve`; with several processes
# (the venue configuration) `manage.py dice_reader` owns each port instead.
DICE_READER_IN_PROCESS = os.environ.get("DICE_READER_IN_PROCESS", "0" if REDIS_URL else "1") == "1"
