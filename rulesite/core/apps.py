from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "rulesite.core"
    label = "core"

    def ready(self) -> None:
        from rulesite.core import requestsignals, writebehind
        from rulesite.core.cache import connect_invalidation

        connect_invalidation()
        requestsignals.connect()
        writebehind.connect()
