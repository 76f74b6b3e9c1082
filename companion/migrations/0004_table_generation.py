from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('companion', '0003_dice_reader_positions'),
    ]

    operations = [
        migrations.AddField(
            model_name='game',
            name='table_generation',
            field=models.PositiveIntegerField(default=0),
        ),
    ]
