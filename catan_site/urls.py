from django.urls import include, path

urlpatterns = [
    path("i18n/", include("django.conf.urls.i18n")),
    path("rules/", include("companion.rulebook.urls")),
    path("", include("companion.urls")),
]

# An address that leads nowhere gets a page of the app (in the visitor's language).
handler404 = "companion.views.not_found"
