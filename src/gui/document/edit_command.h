#pragma once

// An undo step: the project before and after an edit. Steps of one
// interaction (a slider drag) merge into one.

#include "model/project.h"
#include "store/project_edit.h"

#include <QUndoCommand>

namespace fleet::gui {

class ProjectDocument;

class EditCommand : public QUndoCommand
{
public:
    EditCommand(ProjectDocument* document, Project before, Project after, const QString& text,
                ProjectChange change, int mergeKey, int interaction);

    void undo() override;
    void redo() override;
    int id() const override { return m_mergeKey; }
    bool mergeWith(const QUndoCommand* other) override;

private:
    ProjectDocument* m_document;
    Project m_before;
    Project m_after;
    ProjectChange m_change; ///< what differs between before and after
    int m_mergeKey;
    int m_interaction;
};

} // namespace fleet::gui
