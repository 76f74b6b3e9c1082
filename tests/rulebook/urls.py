"""Test-only URLconf: the rule lookup at "rules/", as the project includes it."""
from django.urls import include, path

urlpatterns = [path("rules/", include("companion.rulebook.urls"))]
