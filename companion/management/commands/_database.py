"""The database a command-line entry point needs, on a fresh data folder too.

`serve` migrates before it starts; `newgame`, `export` and `dice_reader` may come first (a
new machine, a new CATAN_DATA_DIR): they migrate as well, or say what to run.
"""
from django.core.management import call_command
from django.db import DEFAULT_DB_ALIAS, DatabaseError, connections
from django.db.migrations.executor import MigrationExecutor
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from companion.management.commands._refusals import Refusal


def ensure_database(stdout=None) -> None:
    """Apply the migrations not applied yet (none: nothing happens, one query)."""
    connection = connections[DEFAULT_DB_ALIAS]
    try:
        executor = MigrationExecutor(connection)
        pending = executor.migration_plan(executor.loader.graph.leaf_nodes())
    except DatabaseError as error:
        raise Refusal("database_unreachable",
                      _("The database cannot be reached (%(error)s).") % {"error": error},
                      _("Check DATABASE_URL, then type: python3 manage.py migrate")) from None
    if not pending:
        return
    if stdout is not None:
        stdout.write(ngettext("Preparing the database (%(count)s migration) …",
                              "Preparing the database (%(count)s migrations) …", len(pending)) % {"count": len(pending)})
    try:
        call_command("migrate", interactive=False, verbosity=0)
    except DatabaseError as error:
        raise Refusal("database_not_prepared",
                      _("The database could not be prepared (%(error)s).") % {"error": error},
                      _("Type python3 manage.py migrate, then try again.")) from None
