from django.urls import include, path

urlpatterns = [
    path("i18n/", include("django.conf.urls.i18n")),
    path("rules/", include("companion.rulebook.urls")),
    path("", include("companion.web.urls")),
]

# An address that leads nowhere gets a page of the app (in the visitor's language).
handler404 = "companion.web.views.not_found"
