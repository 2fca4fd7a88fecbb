// The one file input of the app: hidden (a button or label opens it), it hands the chosen files over
// and then forgets them, so that choosing the same file again — after removing it, or after an error —
// is seen as a new choice. A browser fires no change event for an unchanged selection.
import { forwardRef, type InputHTMLAttributes } from 'react';

type FileInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'onChange'> & { onFiles: (files: File[]) => void };

export const FileInput = forwardRef<HTMLInputElement, FileInputProps>(function FileInput({ onFiles, className = 'sr-only', ...rest }, ref) {
  return (
    <input
      ref={ref}
      type="file"
      className={className}
      {...rest}
      onChange={(event) => {
        const files = [...(event.currentTarget.files ?? [])];
        event.currentTarget.value = '';
        if (files.length > 0) onFiles(files);
      }}
    />
  );
});
