from django.apps import AppConfig


class CompanionConfig(AppConfig):
    name = "companion"
    verbose_name = "CATAN companion"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        # The shared words ask every layer's (companion/messages.py), which use the shared
        # helpers there: handed in here, from the screens' registry, rather than imported there.
        from companion import messages
        from companion.layers.screens import CONTRACTS

        messages.use_layer_words(contract.words for contract in CONTRACTS)
        # A template's values written the short way where it writes the same (strings, ints).
        from companion.web import template_values

        template_values.install()
