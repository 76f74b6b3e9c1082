from django.apps import AppConfig


class CompanionConfig(AppConfig):
    name = "companion"
    verbose_name = "CATAN companion"
    default_auto_field = "django.db.models.BigAutoField"
