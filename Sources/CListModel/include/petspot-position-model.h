// SPDX-License-Identifier: GPL-3.0-or-later

#ifndef PETSPOT_POSITION_MODEL_H
#define PETSPOT_POSITION_MODEL_H

#include <gio/gio.h>

G_BEGIN_DECLS

// A GListModel that holds no items, only how many there are. Its items are
// placeholders made when a list view asks for one (only for the rows it
// shows); a row reads its position and fetches what to show from elsewhere.
// This keeps a 100 000-row list as cheap as an empty one.
#define PETSPOT_TYPE_POSITION_MODEL (petspot_position_model_get_type())
G_DECLARE_FINAL_TYPE(PetSpotPositionModel, petspot_position_model, PETSPOT, POSITION_MODEL, GObject)

PetSpotPositionModel *petspot_position_model_new(void);

// Replaces `removed` items at `position` with `added` ones and tells the
// model's views, which re-bind only the rows that moved or changed.
void petspot_position_model_splice(PetSpotPositionModel *self, guint position, guint removed, guint added);

guint petspot_position_model_get_count(PetSpotPositionModel *self);

G_END_DECLS

#endif
