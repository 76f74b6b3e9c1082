"""The database a command-line entry point needs, on a fresh data folder too.

`serve` migrates before it starts; `newgame`, `export` and `dice_reader` may come first (a
new machine, a new CATAN_DATA_DIR): they migrate as well, or say what to run.
"""
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import DEFAULT_DB_ALIAS, DatabaseError, connections
from django.db.migrations.executor import MigrationExecutor


def ensure_database(stdout=None) -> None:
    """Apply the migrations not applied yet (none: nothing happens, one query)."""
    connection = connections[DEFAULT_DB_ALIAS]
    try:
        executor = MigrationExecutor(connection)
        pending = executor.migration_plan(executor.loader.graph.leaf_nodes())
    except DatabaseError as error:
        raise CommandError(f"cannot reach the database ({error}); check DATABASE_URL, "
                           "then run `python manage.py migrate`") from None
    if not pending:
        return
    if stdout is not None:
        stdout.write(f"Preparing the database ({len(pending)} migrations) …")
    try:
        call_command("migrate", interactive=False, verbosity=0)
    except DatabaseError as error:
        raise CommandError(f"the database could not be prepared ({error}): "
                           "run `python manage.py migrate` and try again") from None
