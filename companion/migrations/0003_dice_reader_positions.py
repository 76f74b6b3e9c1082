from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('companion', '0002_dice_reader'),
    ]

    operations = [
        migrations.AddField(
            model_name='dicereaderstatus',
            name='positions',
            field=models.JSONField(blank=True, default=list),
        ),
    ]
