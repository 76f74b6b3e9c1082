import uuid

from django import template

from ..messages import COLOR_NAMES, DEV_CARD_NAMES, RESOURCE_NAMES

register = template.Library()


@register.simple_tag
def idem() -> str:
    """A fresh idempotency key for one rendered form: a double tap sends the same key."""
    return uuid.uuid4().hex


@register.filter
def resource_name(code: str) -> str:
    return RESOURCE_NAMES.get(code, code)


@register.filter
def color_name(code: str) -> str:
    return COLOR_NAMES.get(code, code)


@register.filter
def dev_card_name(code: str) -> str:
    return DEV_CARD_NAMES.get(code, code)


@register.simple_tag
def resources():
    return list(RESOURCE_NAMES.items())
