from django.urls import path

from companion.web import views

urlpatterns = [
    path("", views.home, name="home"),
    path("games/new", views.new_game, name="new_game"),
    path("g/<str:code>/table/", views.table, name="table"),
    path("g/<str:code>/table/key/", views.table_key, name="table_key"),
    path("g/<str:code>/join/<str:token>/", views.join, name="join"),
    path("g/<str:code>/seat/", views.seat, name="seat"),
    path("g/<str:code>/act/", views.act, name="act"),
    path("g/<str:code>/seats/<int:index>/rejoin/", views.seat_admin, {"op": "rejoin"}, name="seat_rejoin"),
    path("g/<str:code>/seats/<int:index>/revoke/", views.seat_admin, {"op": "revoke"}, name="seat_revoke"),
    path("g/<str:code>/export.json", views.export, name="export"),
    path("g/<str:code>/reader/", views.reader_setup, name="reader_setup"),
    path("g/<str:code>/board/edit", views.board_editor, name="board_editor"),
]
