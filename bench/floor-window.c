// SPDX-License-Identifier: GPL-3.0-or-later

/* The start-up floor `make bench` measures PetSpot against: the least a
 * libadwaita app can do to show a window with five buttons. It prints the same
 * milestones PetSpot prints with PETSPOT_MILESTONES=1 (GLib's monotonic clock,
 * in microseconds), so both are timed by the same reader. */
#include <adwaita.h>
#include <stdio.h>

static void
mark (const char *name)
{
  fprintf (stderr, "milestone %s %" G_GINT64_FORMAT "\n", name, g_get_monotonic_time ());
  fflush (stderr);
}

static void
on_after_paint (GdkFrameClock *clock, gpointer user_data)
{
  g_signal_handlers_disconnect_by_func (clock, on_after_paint, user_data);
  mark ("first-frame");
}

static void
on_map (GtkWidget *window, gpointer user_data)
{
  mark ("window-mapped");
  g_signal_connect (gtk_widget_get_frame_clock (window), "after-paint", G_CALLBACK (on_after_paint), NULL);
}

static void
on_activate (GApplication *application, gpointer user_data)
{
  GtkWidget *window = adw_application_window_new (GTK_APPLICATION (application));
  GtkWidget *column = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *content = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);

  gtk_window_set_title (GTK_WINDOW (window), "Floor");
  gtk_window_set_default_size (GTK_WINDOW (window), 960, 720);
  gtk_box_append (GTK_BOX (content), adw_header_bar_new ());
  for (int i = 1; i <= 5; i++)
    {
      char label[32];
      g_snprintf (label, sizeof label, "Button %d", i);
      gtk_box_append (GTK_BOX (column), gtk_button_new_with_label (label));
    }
  gtk_widget_set_margin_top (column, 12);
  gtk_widget_set_margin_start (column, 12);
  gtk_widget_set_margin_end (column, 12);
  gtk_box_append (GTK_BOX (content), column);
  adw_application_window_set_content (ADW_APPLICATION_WINDOW (window), content);
  g_signal_connect (window, "map", G_CALLBACK (on_map), NULL);
  gtk_window_present (GTK_WINDOW (window));
}

int
main (int argc, char **argv)
{
  AdwApplication *application;
  int status;

  mark ("main-entered");
  application = adw_application_new ("io.github.petspot.BenchFloor", G_APPLICATION_NON_UNIQUE);
  g_signal_connect (application, "activate", G_CALLBACK (on_activate), NULL);
  status = g_application_run (G_APPLICATION (application), argc, argv);
  g_object_unref (application);
  return status;
}
