"""The health check's probe: one row the check writes, in a transaction it rolls back."""

from __future__ import annotations

from django.db import models


class HealthProbe(models.Model):
    checked_at = models.DateTimeField()

    class Meta:
        verbose_name = "health probe"

    def __str__(self) -> str:
        return f"health probe at {self.checked_at}"
