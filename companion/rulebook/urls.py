"""Rule lookup URLs; the project includes them at the prefix "rules/"."""
from django.urls import path

from companion.rulebook import views

app_name = "rulebook"

urlpatterns = [
    path("", views.index, name="index"),
    path("search/", views.search_view, name="search"),
    path("context/", views.context_view, name="context"),
    path("<slug:slug>/", views.entry_view, name="entry"),
]
